import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '@/lib/history';

export type TAppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; replace?: boolean };

function isPlainLeftClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;
}

/** An in-app link of the light pages: a real anchor, navigating without reload. */
export function AppLink({ href, replace, onClick, target, ...rest }: TAppLinkProps) {
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || target === '_blank' || !isPlainLeftClick(e)) return;
        e.preventDefault();
        navigate(href, { replace: replace ?? false });
      }}
    />
  );
}

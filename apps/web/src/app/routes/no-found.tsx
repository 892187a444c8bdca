import { useEffect } from 'react';
import { StatusPage } from '@/components/status-page';
import { AppLink } from '@/components/ui/app-link';
import { linkButtonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { getPhrases } from '@/lib/phrases';

/** /noFound, and every public page a later issue builds (until then). */
export default function NoFoundPage() {
  const c = getPhrases('common');
  useEffect(() => {
    document.title = `${c.noFoundTitle} · ${c.productName}`;
  }, [c]);
  return (
    <StatusPage
      kind="404"
      title={c.noFoundTitle}
      text={c.noFoundText}
      action={
        <AppLink href={paths.root} className={linkButtonClass('primary')} data-testid="go-home">
          {c.goHome}
        </AppLink>
      }
    />
  );
}

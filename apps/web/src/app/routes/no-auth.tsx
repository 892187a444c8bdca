import { useEffect } from 'react';
import { StatusPage } from '@/components/status-page';
import { AppLink } from '@/components/ui/app-link';
import { linkButtonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { getPhrases } from '@/lib/phrases';

/** /noAuth: the route's permission check failed. */
export default function NoAuthPage() {
  const c = getPhrases('common');
  useEffect(() => {
    document.title = `${c.noAuthTitle} · ${c.productName}`;
  }, [c]);
  return (
    <StatusPage
      kind="403"
      title={c.noAuthTitle}
      text={c.noAuthText}
      action={
        <AppLink href={paths.root} className={linkButtonClass('primary')} data-testid="go-home">
          {c.goHome}
        </AppLink>
      }
    />
  );
}

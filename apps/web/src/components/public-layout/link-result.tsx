/**
 * What a page opened from a link shows around the link's own content: the wait while it reads the
 * link, the link's refusal (unknown, used, revoked or expired, in the server's words), a failure
 * that another try may mend (the network, a service that did not answer), and the outcome of what
 * the link was for. The links the console sends (an invitation, a contact change to confirm, a
 * cloud marketplace's registration) and a shared job profile show the same block.
 */
import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { AppLink } from '../ui/app-link';
import { Button, linkButtonClass } from '../ui/button';
import { Result, type TResultProps } from './result';
import './link-result.css';

export type TLinkResultProps = Pick<TResultProps, 'kind' | 'title' | 'text' | 'children'> & {
  testId: string;
  /**
   * The way on to the login page (`href`, by default /login). It replaces this page in the history,
   * so that Back does not return to a spent link. Primary when it is the only way on.
   */
  login?: { label: string; testId: string; href?: string; isPrimary?: boolean };
  /** Reads the link again, after a failure that was not the link's own refusal. */
  retry?: { label: string; onRetry: () => void; testId?: string };
};

/** The outcome of a link: an icon, a title, a text, and the way on. */
export function LinkResult({ login, retry, ...result }: TLinkResultProps) {
  const actions: ReactNode =
    login || retry ? (
      <>
        {login ? (
          <AppLink
            className={linkButtonClass(login.isPrimary ? 'primary' : 'default')}
            href={login.href ?? paths.login}
            replace
            data-testid={login.testId}
          >
            {login.label}
          </AppLink>
        ) : null}
        {retry ? (
          <Button variant="primary" onClick={retry.onRetry} data-testid={retry.testId}>
            {retry.label}
          </Button>
        ) : null}
      </>
    ) : null;
  return <Result {...result} actions={actions} />;
}

/** The wait while the page reads its link. */
export function LinkChecking({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="cz-link-checking" aria-busy="true" data-testid={testId}>
      <span className="cz-spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

import type { ReactNode } from 'react';
import './status-page.css';

export type TStatusPageProps = {
  kind: '403' | '404' | 'error';
  title: string;
  text: string;
  action: ReactNode;
};

/** A full page (no header, no sidebar) telling the user where they are: no permission, not found, error. */
export function StatusPage({ kind, title, text, action }: TStatusPageProps) {
  return (
    <main className="cz-status" data-testid={`status-${kind}`}>
      <div className="cz-status__art" aria-hidden="true">
        <span className="cz-status__code">{kind === 'error' ? '!' : kind}</span>
      </div>
      <h1 className="cz-status__title">{title}</h1>
      <p className="cz-status__text">{text}</p>
      <div className="cz-status__actions">{action}</div>
    </main>
  );
}

import type { ReactNode } from 'react';
import { Icon } from '../ui/icon';
import './result.css';

export type TResultProps = {
  kind: 'success' | 'error' | 'warning' | 'info';
  title: ReactNode;
  text?: ReactNode;
  /** Content between the text and the actions (e.g. the facts of a new account). */
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
};

/** The outcome of a public flow: an icon, a title, a text, details and actions. */
export function Result({ kind, title, text, children, actions, testId }: TResultProps) {
  return (
    <section className={`cz-result cz-result--${kind}`} data-testid={testId} data-kind={kind}>
      <span className="cz-result__icon" aria-hidden="true">
        <Icon name={kind} size={30} />
      </span>
      <h1 className="cz-result__title">{title}</h1>
      {text ? <p className="cz-result__text">{text}</p> : null}
      {children}
      {actions ? <div className="cz-result__actions">{actions}</div> : null}
    </section>
  );
}

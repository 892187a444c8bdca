import type { ReactNode } from 'react';
import { Icon } from './icon';

export type TAlertKind = 'error' | 'warning' | 'success' | 'info';

/**
 * A message inside a card of a light page (the public pages, the workbench; antd's pages use
 * antd's). Announced by screen readers when it appears (`role="alert"`) unless `isAnnounced` is
 * false.
 */
export function Alert({
  kind = 'error',
  children,
  className,
  isAnnounced = true,
  testId,
}: {
  kind?: TAlertKind;
  children: ReactNode;
  className?: string;
  isAnnounced?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`cz-alert cz-alert--${kind}${className ? ` ${className}` : ''}`}
      role={isAnnounced ? 'alert' : undefined}
      data-testid={testId}
      data-kind={kind}
    >
      <Icon name={kind} size={16} className="cz-alert__icon" />
      <span>{children}</span>
    </div>
  );
}

import type { ReactNode } from 'react';
import { CopyButton } from '../copy-button';
import './public-layout.css';

export type TFact = {
  key: string;
  label: string;
  value: ReactNode;
  /** Text copied by a copy button after the value (no button when absent). */
  copy?: string;
  testId?: string;
};

/** Label/value rows, with a copy button where a value is meant to be kept (account name, address). */
export function Facts({
  items,
  texts,
  testId,
}: {
  items: readonly TFact[];
  texts: { copy: string; copied: string };
  testId?: string;
}) {
  return (
    <dl className="cz-facts" data-testid={testId}>
      {items.map((item) => (
        <div className="cz-facts__row" key={item.key}>
          <dt className="cz-facts__label">{item.label}</dt>
          <dd className="cz-facts__value">
            <span className="cz-facts__text" data-testid={item.testId}>
              {item.value}
            </span>
            {item.copy !== undefined ? (
              <CopyButton
                text={item.copy}
                texts={texts}
                testId={item.testId ? `${item.testId}-copy` : undefined}
              />
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

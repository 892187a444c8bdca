import type { HTMLAttributes, ReactNode } from 'react';
import { Skeleton } from './skeleton';
import './card.css';

export type TCardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  /** The card's heading (a level-2 heading: cards sit under the page's title). */
  title?: ReactNode;
  /** Drawn before the title. */
  icon?: ReactNode;
  /** Drawn at the end of the head row (a link or a small button). */
  extra?: ReactNode;
  /** While its data loads the card keeps its size with a skeleton of `skeletonRows` lines. */
  isLoading?: boolean;
  skeletonRows?: number;
  testId?: string;
};

/**
 * The console's light card: a head with an optional icon, title and extra, and a body. It draws
 * what antd's Card draws on the workbench, without antd (decision 0033).
 */
export function Card({
  title,
  icon,
  extra,
  isLoading = false,
  skeletonRows = 3,
  testId,
  className,
  children,
  ...rest
}: TCardProps) {
  return (
    <section
      {...rest}
      className={`cz-lcard${className ? ` ${className}` : ''}`}
      data-testid={testId}
      aria-busy={isLoading || undefined}
    >
      {title || extra ? (
        <div className="cz-lcard__head">
          {title ? (
            <h2 className="cz-lcard__title">
              {icon ? <span className="cz-lcard__icon">{icon}</span> : null}
              <span className="cz-lcard__title-text">{title}</span>
            </h2>
          ) : (
            <span />
          )}
          {extra ? <div className="cz-lcard__extra">{extra}</div> : null}
        </div>
      ) : null}
      <div className="cz-lcard__body">{isLoading ? <Skeleton rows={skeletonRows} /> : children}</div>
    </section>
  );
}

/** Label/value rows of a card (a description list): the label column keeps `labelWidth`. */
export function FactList({
  items,
  labelWidth = 132,
  className,
}: {
  items: readonly { key: string; label: ReactNode; children: ReactNode }[];
  labelWidth?: number;
  className?: string;
}) {
  return (
    <dl
      className={`cz-facts${className ? ` ${className}` : ''}`}
      style={{ '--cz-facts-label': `${labelWidth}px` } as React.CSSProperties}
    >
      {items.map((item) => (
        <div className="cz-facts__row" key={item.key}>
          <dt className="cz-facts__label">{item.label}</dt>
          <dd className="cz-facts__value">{item.children}</dd>
        </div>
      ))}
    </dl>
  );
}

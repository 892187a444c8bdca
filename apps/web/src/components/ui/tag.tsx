import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

/** The tag colours of the console (text at 4.5:1 or more on its background, WCAG AA). */
export type TTagColor =
  | 'default'
  | 'blue'
  | 'purple'
  | 'gold'
  | 'green'
  | 'orange'
  | 'red'
  | 'success'
  | 'warning'
  | 'error'
  | 'processing';

/** A small label (status, role, type): what antd's Tag draws, without antd. */
export function Tag({
  color = 'default',
  icon,
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { color?: TTagColor; icon?: ReactNode }) {
  return (
    <span {...rest} className={`cz-tag cz-tag--${color}${className ? ` ${className}` : ''}`}>
      {icon}
      {children}
    </span>
  );
}

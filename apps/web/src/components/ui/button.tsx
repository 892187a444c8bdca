import type { ButtonHTMLAttributes } from 'react';
import './ui.css';

export type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  /** Red text (a destructive action such as signing out or removing). */
  isDanger?: boolean;
  isBlock?: boolean;
  isLoading?: boolean;
};

/** The light button of the public pages (styled with the console's tokens). */
export function Button({
  variant = 'default',
  size = 'middle',
  isBlock = false,
  isLoading = false,
  isDanger = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: TButtonProps) {
  const cls = [
    'cz-btn',
    `cz-btn--${variant}`,
    `cz-btn--${size}`,
    isBlock ? 'cz-btn--block' : '',
    isDanger ? 'cz-btn--danger' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={cls}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
    >
      {isLoading ? <span className="cz-btn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A link drawn as a button, for navigation (keeps the anchor's semantics). */
export function linkButtonClass(
  variant: 'primary' | 'default' = 'default',
  size: 'middle' | 'large' = 'middle',
) {
  return `cz-btn cz-btn--${variant} cz-btn--${size}`;
}

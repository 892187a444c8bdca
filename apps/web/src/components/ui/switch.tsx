import type { ButtonHTMLAttributes } from 'react';
import './card.css';

export type TSwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> & {
  isChecked: boolean;
  isLoading?: boolean;
  onChange: (next: boolean) => void;
};

/** An on/off switch (`role="switch"`, `aria-checked`): what antd's Switch draws, without antd. */
export function Switch({
  isChecked,
  isLoading = false,
  onChange,
  disabled,
  className,
  ...rest
}: TSwitchProps) {
  return (
    <button
      {...rest}
      type="button"
      role="switch"
      aria-checked={isChecked}
      aria-busy={isLoading || undefined}
      disabled={disabled || isLoading}
      className={`cz-switch${isChecked ? ' cz-switch--on' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => onChange(!isChecked)}
    >
      <span className="cz-switch__handle">{isLoading ? <span className="cz-btn__spinner" /> : null}</span>
    </button>
  );
}

import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './ui.css';

export type TTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'size'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The error shown under the field; sets aria-invalid and aria-describedby (else the given one). */
  error?: string | null;
  /** Controls drawn inside the field, after the input (e.g. show password). */
  suffix?: ReactNode;
  /** Content after the field box, inside the field (e.g. a popup list). */
  after?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text input of the public pages, with its error message. */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  error,
  suffix,
  after,
  ref,
  className,
  ...rest
}: TTextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`cz-field${error ? ' cz-field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="cz-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="cz-field__box">
        <input
          {...rest}
          ref={ref}
          id={id}
          className="cz-field__input"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : rest['aria-describedby']}
        />
        {suffix ? <div className="cz-field__suffix">{suffix}</div> : null}
      </div>
      {after}
      {error ? (
        <p className="cz-field__error" id={errorId} data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

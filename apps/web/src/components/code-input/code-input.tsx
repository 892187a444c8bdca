import { Limits } from '@console/contract/limits';
import type { ReactNode, Ref } from 'react';
import { useState } from 'react';
import { normalizeCode } from './code-rules';
import '../ui/ui.css';
import '../verify.css';

export type TCodeInputProps = {
  id: string;
  label: string;
  value: string;
  /** Called with the digits only, at most six. */
  onChange: (value: string) => void;
  /** The text of a failure, shown under the input (e.g. 4095). */
  error?: string | null;
  /**
   * boxes: six cells (authenticator codes); field: one field with room for a send button
   * (`suffix`) for codes sent by SMS or e-mail.
   */
  variant?: 'boxes' | 'field';
  placeholder?: string;
  suffix?: ReactNode;
  isDisabled?: boolean;
  autoFocus?: boolean;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
  /** Called when the sixth digit is typed (e.g. to submit). */
  onComplete?: (value: string) => void;
};

/**
 * The 6-digit verification code input (spec section 4 "Two-factor dialog"): digits only, six at
 * most; pasted or autofilled codes ("123 456") are cleaned.
 */
export function CodeInput({
  id,
  label,
  value,
  onChange,
  error,
  variant = 'field',
  placeholder,
  suffix,
  isDisabled = false,
  autoFocus = false,
  testId = 'code-input',
  ref,
  onComplete,
}: TCodeInputProps) {
  const [hasFocus, setHasFocus] = useState(false);
  const errorId = `${id}-error`;
  const change = (raw: string) => {
    const next = normalizeCode(raw);
    onChange(next);
    if (next.length === Limits.codeLength && next !== value) onComplete?.(next);
  };
  const input = (
    <input
      ref={ref}
      id={id}
      className={variant === 'boxes' ? 'cz-code__native' : 'cz-field__input cz-code__input'}
      value={value}
      onChange={(e) => change(e.target.value)}
      onFocus={() => setHasFocus(true)}
      onBlur={() => setHasFocus(false)}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={Limits.codeLength}
      spellCheck={false}
      placeholder={variant === 'boxes' ? undefined : placeholder}
      disabled={isDisabled}
      // biome-ignore lint/a11y/noAutofocus: the code screen exists to take this one value
      autoFocus={autoFocus}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      data-testid={testId}
    />
  );
  return (
    <div className={`cz-field cz-code cz-code--${variant}${error ? ' cz-field--error' : ''}`}>
      <label className="cz-field__label" htmlFor={id}>
        {label}
      </label>
      {variant === 'boxes' ? (
        <div className={`cz-code__boxes${isDisabled ? ' is-disabled' : ''}`}>
          {input}
          {Array.from({ length: Limits.codeLength }, (_, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the cells are positions
              key={i}
              className={`cz-code__cell${
                hasFocus &&
                (i === value.length || (i === Limits.codeLength - 1 && value.length === Limits.codeLength))
                  ? ' is-active'
                  : ''
              }${value[i] ? ' is-filled' : ''}`}
              aria-hidden="true"
            >
              {value[i] ?? ''}
            </span>
          ))}
        </div>
      ) : (
        <div className="cz-field__box">
          {input}
          {suffix ? <div className="cz-field__suffix cz-code__suffix">{suffix}</div> : null}
        </div>
      )}
      {error ? (
        <p className="cz-field__error" id={errorId} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

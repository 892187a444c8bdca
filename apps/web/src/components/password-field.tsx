import { type Ref, useState } from 'react';
import { Icon } from './ui/icon';
import { TextField, type TTextFieldProps } from './ui/text-field';

export type TPasswordFieldProps = Omit<TTextFieldProps, 'type' | 'suffix'> & {
  texts: { show: string; hide: string };
  /** A line under the field while it shows no error (e.g. the policy's rule). */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A password field of the public pages, with a show/hide toggle and an optional rule under it. */
export function PasswordField({ texts, hint, id, error, ...rest }: TPasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...rest}
      id={id}
      type={isVisible ? 'text' : 'password'}
      error={error ?? null}
      aria-describedby={!error && hint ? `${id}-hint` : undefined}
      after={
        !error && hint ? (
          <p className="cz-field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null
      }
      suffix={
        <button
          type="button"
          className="cz-icon-btn"
          aria-label={isVisible ? texts.hide : texts.show}
          aria-pressed={isVisible}
          aria-controls={id}
          onClick={() => setIsVisible((shown) => !shown)}
          data-testid={`${id}-toggle`}
        >
          <Icon name={isVisible ? 'eyeOff' : 'eye'} />
        </button>
      }
    />
  );
}

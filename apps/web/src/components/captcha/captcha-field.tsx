import { Limits } from '@console/contract/limits';
import { checkCaptcha } from '@console/contract/rules';
import { type Ref, useImperativeHandle, useRef, useState } from 'react';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { TextField } from '../ui/text-field';
import { CaptchaImage, type TCaptchaImageTexts } from './captcha-image';
import { useCaptcha } from './use-captcha';
import '../verify.css';

export type TCaptchaFieldHandle = {
  /** The answer, or null (with the field's error shown and focus on it) when it is empty. */
  read: () => TCaptchaAnswer | null;
  /** Shows a new picture and clears the answer (a captcha serves once). */
  refresh: () => void;
  /** Shows why the answer was refused (e.g. 4025), with a new picture and focus on the field. */
  fail: (text: string) => void;
};

export type TCaptchaFieldProps = {
  id: string;
  texts: TCaptchaImageTexts & { label: string; placeholder: string; hint: string };
  testId?: string;
  /** Messages of the validation keys `captchaRequired` and `captchaTooLong`. */
  messages: { captchaRequired: string; captchaTooLong: string };
  ref?: Ref<TCaptchaFieldHandle>;
  /**
   * `warning` (default): the hint above the field, as after failed sign-ins; `help`: a neutral hint
   * under the field, as in a form that always asks for the captcha.
   */
  hintTone?: 'warning' | 'help';
};

/** The image captcha as a form field (sign-in after repeated failures). */
export function CaptchaField({
  id,
  texts,
  messages,
  ref,
  testId = 'captcha',
  hintTone = 'warning',
}: TCaptchaFieldProps) {
  const state = useCaptcha(true);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      read: () => {
        const key = checkCaptcha(value);
        if (key || !state.captcha) {
          setError(key === 'captchaTooLong' ? messages.captchaTooLong : messages.captchaRequired);
          input.current?.focus();
          return null;
        }
        return { captchaId: state.captcha.id, captchaCode: value.trim() };
      },
      refresh: () => {
        setValue('');
        state.refresh();
      },
      fail: (text) => {
        setValue('');
        state.refresh();
        setError(text);
        input.current?.focus();
      },
    }),
    [value, state, messages],
  );

  return (
    <div className="cz-captcha-field" data-testid={`${testId}-field`}>
      {hintTone === 'warning' ? <p className="cz-captcha-field__hint">{texts.hint}</p> : null}
      <TextField
        ref={input}
        id={id}
        label={texts.label}
        placeholder={texts.placeholder}
        value={value}
        maxLength={Limits.captchaMax}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onValueChange={(next) => {
          setValue(next.slice(0, Limits.captchaMax));
          if (error) setError(null);
        }}
        error={error}
        data-testid={`${testId}-input`}
        suffix={<CaptchaImage state={state} texts={texts} testId={`${testId}-image`} />}
        aria-describedby={hintTone === 'help' && !error ? `${id}-hint` : undefined}
        after={
          hintTone === 'help' && !error ? (
            <p className="cz-field__hint" id={`${id}-hint`}>
              {texts.hint}
            </p>
          ) : null
        }
      />
    </div>
  );
}

/**
 * The image captcha of the login form, a chunk of its own: shown only after repeated failed
 * sign-ins for a name (the server then answers 4024 without it).
 */
import type { Ref } from 'react';
import {
  CaptchaField,
  type TCaptchaFieldHandle,
  type TCaptchaFieldProps,
} from '@/components/captcha/captcha-field';
import { getPhrases } from '@/lib/phrases';

export type { TCaptchaFieldHandle };

export type TLoginCaptchaProps = {
  ref?: Ref<TCaptchaFieldHandle>;
  /** The validation messages of the login form's language. */
  messages: TCaptchaFieldProps['messages'];
};

export default function LoginCaptcha({ ref, messages }: TLoginCaptchaProps) {
  const t = getPhrases('mfa').captcha;
  return (
    <CaptchaField
      ref={ref}
      id="login-captcha"
      texts={{
        label: t.fieldLabel,
        placeholder: t.placeholder,
        hint: t.fieldHint,
        imageAlt: t.imageAlt,
        refresh: t.refresh,
        loadFailed: t.loadFailed,
      }}
      messages={messages}
    />
  );
}

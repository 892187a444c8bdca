/**
 * Validation rules of spec section 5, free of any schema library so that the lightest pages can
 * use them. Each check answers `null` when the value passes, otherwise the key of its message in
 * the `validation` phrases. The zod schemas of this package are built on the same patterns.
 */
import { LightLimits } from './light-limits';
import { Patterns } from './patterns';

export { Patterns } from './patterns';

export type TValidationKey =
  | 'accountNameRequired'
  | 'accountNameLetters'
  | 'accountNameTooLong'
  | 'usernameRequired'
  | 'usernameFormat'
  | 'passwordRequired'
  | 'passwordTooLong'
  | 'phoneRequired'
  | 'phoneFormat'
  | 'emailRequired'
  | 'emailFormat'
  | 'codeRequired'
  | 'codeLength'
  | 'captchaRequired'
  | 'captchaTooLong';

export function checkAccountName(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'accountNameRequired';
  if (!Patterns.accountName.test(v)) return 'accountNameLetters';
  if (v.length > LightLimits.accountNameMax) return 'accountNameTooLong';
  return null;
}

/** The username rule of section 5; at sign-in only presence is required (see `checkLoginUsername`). */
export function checkUsername(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'usernameRequired';
  if (!Patterns.username.test(v)) return 'usernameFormat';
  return null;
}

/** Sign-in accepts any existing username, including ones created before the current rule. */
export function checkLoginUsername(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'usernameRequired';
  if (v.length > 64) return 'usernameFormat';
  return null;
}

export function checkLoginPassword(value: string): TValidationKey | null {
  if (value === '') return 'passwordRequired';
  if (value.length > LightLimits.loginPasswordMax) return 'passwordTooLong';
  return null;
}

/** Verification code: exactly six characters. */
export function checkCode(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'codeRequired';
  if (v.length !== LightLimits.codeLength) return 'codeLength';
  return null;
}

/** Image captcha answer: required, at most ten characters. */
export function checkCaptcha(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'captchaRequired';
  if (v.length > LightLimits.captchaMax) return 'captchaTooLong';
  return null;
}

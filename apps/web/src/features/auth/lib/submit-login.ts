/**
 * What the login form loads with its first submit (not on the page's first load): the login call
 * and the reading of its failures (spec section 8: 4019 with the attempts or the lock, 5066 to the
 * password reset, field errors of 400, captcha after repeated failures).
 */
import { ErrorCode } from '@console/contract/codes';
import type { TPhrases } from '@console/phrases';
import { findPasswordPath } from '@/config/paths';
import { asApiError } from '@/lib/code-errors';
import { navigate } from '@/lib/history';
import { toast } from '@/lib/notifier';
import { getPwdErrorTimes, type TPwdErrorTimes } from '../api/get-pwd-error-times';
import { loginFields, type TLoginField, type TLoginValues } from './validate-login';

export { login } from '../api/login';

export type TFormMessage =
  | { kind: 'attempts'; current: number; total: number }
  | { kind: 'locked'; seconds: number }
  | { kind: 'error'; text: string };

export type TFieldErrors = Partial<Record<TLoginField, string>>;

/** What the form shows after a failed sign-in (nothing when it navigated away). */
export type TLoginFailure = {
  message?: TFormMessage;
  fieldErrors?: TFieldErrors;
  /** The next sign-in for this name needs the image captcha. */
  needsCaptcha?: boolean;
};

function isPwdErrorTimes(value: unknown): value is TPwdErrorTimes {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TPwdErrorTimes).current === 'number' &&
    typeof (value as TPwdErrorTimes).total === 'number'
  );
}

function messageOfTimes(times: TPwdErrorTimes): TFormMessage {
  return times.exceed
    ? { kind: 'locked', seconds: Math.max(0, Math.ceil(times.lockRemainingSeconds)) }
    : { kind: 'attempts', current: times.current, total: times.total };
}

export async function interpretLoginFailure(
  cause: unknown,
  current: TLoginValues,
  c: TPhrases['common'],
): Promise<TLoginFailure> {
  const error = asApiError(cause);
  if (!error) return { message: { kind: 'error', text: c.requestFailed } };
  if (error.kind === 'network') return { message: { kind: 'error', text: c.networkError } };
  if (error.kind === 'timeout') return { message: { kind: 'error', text: c.timeout } };
  if (error.code === ErrorCode.wrongPassword) {
    const times = isPwdErrorTimes(error.data)
      ? error.data
      : await getPwdErrorTimes(current.accountDisplayName, current.username).catch(() => null);
    return {
      message: times ? messageOfTimes(times) : { kind: 'error', text: error.message },
      needsCaptcha: times?.captchaRequired === true,
    };
  }
  if (error.code === ErrorCode.passwordMustReset) {
    toast({ level: 'warning', title: error.message || String(error.code) });
    navigate(findPasswordPath(current.accountDisplayName, current.username));
    return {};
  }
  const fieldErrors = (error.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
  if (error.code === ErrorCode.badRequest && fieldErrors) {
    const next: TFieldErrors = {};
    for (const field of loginFields) if (fieldErrors[field]) next[field] = fieldErrors[field];
    if (Object.keys(next).length > 0) return { fieldErrors: next };
  }
  return {
    message: { kind: 'error', text: error.message || c.requestFailed },
    needsCaptcha: error.code === ErrorCode.captchaRequired || error.code === ErrorCode.captchaInvalid,
  };
}

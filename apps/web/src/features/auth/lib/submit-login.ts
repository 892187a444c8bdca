/**
 * What the login forms (the page's and the mobile one) load with their first submit (not on the
 * page's first load): the login call and the reading of its failures (spec section 8: 4019 with
 * the attempts or the lock, 5066 to the password reset, field errors of 400, captcha after
 * repeated failures of the name or of the client's address, 429 while the address is blocked).
 */
import type { TMeta } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TPhrases } from '@console/phrases';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { findPasswordPath } from '@/config/paths';
import { asApiError, errorDataNumber } from '@/lib/code-errors';
import { navigate } from '@/lib/history';
import { toast } from '@/lib/notifier';
import { getPwdErrorTimes, type TPwdErrorTimes } from '../api/get-pwd-error-times';
import { login, type TLoginBody, type TLoginResult } from '../api/login';
import { loginFields, type TLoginField, type TLoginValues } from './validate-login';

export type TSignInOutcome =
  | { kind: 'signedIn'; result: TLoginResult }
  /** The password is right; a second verification step is required (no token yet). */
  | { kind: 'secondStep'; challenge: TLoginResult; body: TLoginBody };

/**
 * The first sign-in step of the login forms: the body (names already trimmed, the public IP when
 * its lookup answers, the authenticator method in the international edition), then the call.
 * Failures are thrown (read them with `interpretLoginFailure`).
 */
export async function signIn(
  values: TLoginValues,
  meta: TMeta,
  options: { ipLookup?: (() => Promise<string | null>) | undefined; captcha?: TCaptchaAnswer | null } = {},
): Promise<TSignInOutcome> {
  const ip = options.ipLookup ? await options.ipLookup() : null;
  const body: TLoginBody = {
    accountDisplayName: values.accountDisplayName,
    username: values.username,
    password: values.password,
    ...(ip ? { ip } : {}),
    ...(meta.edition === 'international' ? { mfaMethodType: 'GA' as const } : {}),
  };
  const answer = await login({ ...body, ...options.captcha });
  return answer.data.token
    ? { kind: 'signedIn', result: answer.data }
    : { kind: 'secondStep', challenge: answer.data, body };
}

export type TLoginAttempt = TSignInOutcome | { kind: 'failed'; failure: TLoginFailure };

/** `signIn` with its failure read: what the login forms show or do next. */
export async function attemptLogin(
  values: TLoginValues,
  meta: TMeta,
  options: Parameters<typeof signIn>[2],
  c: TPhrases['common'],
): Promise<TLoginAttempt> {
  try {
    return await signIn(values, meta, options);
  } catch (cause) {
    return { kind: 'failed', failure: await interpretLoginFailure(cause, values, c) };
  }
}

export type TFormMessage =
  | { kind: 'attempts'; current: number; total: number }
  | { kind: 'locked'; seconds: number }
  /** Too many failures from the client's address: blocked for `seconds` (429, decision 0012). */
  | { kind: 'blocked'; seconds: number }
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
  if (error.code === ErrorCode.tooManyRequests) {
    const seconds = errorDataNumber(error, 'retryAfterSeconds');
    // After the block, sign-ins from the address need the captcha for a while: show it already.
    if (seconds !== null) return { message: { kind: 'blocked', seconds }, needsCaptcha: true };
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

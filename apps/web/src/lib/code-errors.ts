/**
 * The text of a failed step around verification codes, shown near the code input (spec section 8:
 * 4091–4098 and the captcha codes are in-form texts, not toasts), in the page's language.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TPhrases } from '@console/phrases';
import { interpolate } from '@console/phrases';
import type { ApiError } from './api-client';
import { isEncryptError } from './encrypt-code';

export type TCodeErrorTexts = {
  errors: TPhrases['errors'];
  mfa: TPhrases['mfa'];
  common: TPhrases['common'];
};

/** The API client may load after the page: its error is recognised by name. */
export function asApiError(error: unknown): ApiError | null {
  return error instanceof Error && error.name === 'ApiError' ? (error as ApiError) : null;
}

/** The business code of a failure (4091 for a code that could not be encrypted), or null. */
export function errorCodeOf(error: unknown): number | null {
  if (isEncryptError(error)) return ErrorCode.mfaEncryptFailed;
  const api = asApiError(error);
  return api && api.kind !== 'network' && api.kind !== 'timeout' && api.kind !== 'aborted' ? api.code : null;
}

/** A number field of the failure's `data` (e.g. `remainingAttempts`, `retryAfterSeconds`). */
export function errorDataNumber(error: unknown, field: string): number | null {
  const data = asApiError(error)?.data;
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : null;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function isErrorKey(errors: TPhrases['errors'], key: string): key is keyof TPhrases['errors'] {
  return Object.hasOwn(errors, key);
}

export function codeErrorText(error: unknown, texts: TCodeErrorTexts): string {
  const { errors, mfa, common } = texts;
  if (isEncryptError(error)) return errors['4091'];
  const api = asApiError(error);
  if (!api) return common.requestFailed;
  if (api.kind === 'network') return common.networkError;
  if (api.kind === 'timeout') return common.timeout;
  const key = String(api.code);
  const phrase = isErrorKey(errors, key) ? errors[key] : null;
  // A phrase with placeholders (names, counts) is completed by the server: its message is that
  // phrase, filled in, in the language of the request.
  const message =
    phrase !== null && !(phrase.includes('{{') && api.message)
      ? phrase
      : api.message || phrase || common.requestFailed;
  if (api.code === ErrorCode.tooManyRequests) {
    // Too many failures from the client's address: blocked for that long (decision 0012).
    const seconds = errorDataNumber(error, 'retryAfterSeconds');
    if (seconds !== null) return interpolate(errors.addressBlocked, { seconds });
  }
  if (api.code === ErrorCode.callLimitExceeded) {
    const seconds = errorDataNumber(error, 'retryAfterSeconds');
    if (seconds !== null) return interpolate(errors.resendTooSoon, { seconds });
  }
  if (api.code === ErrorCode.codeMismatch) {
    const count = errorDataNumber(error, 'remainingAttempts');
    if (count !== null) return interpolate(mfa.code.remainingAttempts, { message, count });
  }
  return message;
}

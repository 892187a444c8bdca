/**
 * POST /api/portal/common/checkAuthCode?authCodeType=…: checks a code (headers `authMethod`,
 * `authCode`) and answers a single-use `checkToken` (10 minutes) that the next call presents as
 * `authCodeToken` with `authCodeType`.
 */

import type { TAuthCodeType, TAuthMethod, TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';
import type { TCaptchaAnswer } from './generate-image-captcha';

const checkAuthCodeEndpoint = endpoint('checkAuthCode', 'POST', '/api/portal/common/checkAuthCode');

export type TCheckResult = TRouteData<'checkAuthCode'>;

export type TCheckAuthCodeInput = {
  authMethod: TAuthMethod;
  authCodeType: TAuthCodeType;
  code: string;
  email?: string;
  phone?: string;
  phoneCode?: string;
  /** The reset lookup whose user got the code. */
  lookupId?: string;
  /** Asked for after many failed checks from the client's address (see `useCaptchaGate`). */
  captcha?: TCaptchaAnswer | null;
};

export function checkAuthCode({
  authMethod,
  code,
  captcha,
  ...target
}: TCheckAuthCodeInput): Promise<TCheckResult> {
  return callApi(checkAuthCodeEndpoint, {
    query: { ...target, ...(captcha ?? {}) },
    headers: { authmethod: authMethod, authcode: code },
    hints: false,
  });
}

/** The headers with which a later call presents a verified code. */
export function authCodeTokenHeaders(result: TCheckResult) {
  return { authcodetoken: result.checkToken, authcodetype: result.checkCodeType };
}

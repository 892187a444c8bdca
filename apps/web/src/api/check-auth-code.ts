/**
 * POST /api/portal/common/checkAuthCode?authCodeType=…: checks a code (headers `authMethod`,
 * `authCode`) and answers a single-use `checkToken` (10 minutes) that the next call presents as
 * `authCodeToken` with `authCodeType`.
 */
import type { TAuthCodeType, TAuthMethod, TRouteData } from '@console/contract';
import { callApi } from '@/lib/api-client';

export type TCheckResult = TRouteData<'checkAuthCode'>;

export type TCheckAuthCodeInput = {
  authMethod: TAuthMethod;
  authCodeType: TAuthCodeType;
  code: string;
  email?: string;
  phone?: string;
  phoneCode?: string;
};

export function checkAuthCode({ authMethod, code, ...target }: TCheckAuthCodeInput): Promise<TCheckResult> {
  return callApi('checkAuthCode', {
    query: target,
    headers: { authmethod: authMethod, authcode: code },
    hints: false,
  });
}

/** The headers with which a later call presents a verified code. */
export function authCodeTokenHeaders(result: TCheckResult) {
  return { authcodetoken: result.checkToken, authcodetype: result.checkCodeType };
}

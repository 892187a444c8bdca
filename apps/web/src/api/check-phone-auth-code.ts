/**
 * POST /api/portal/common/checkPhoneAuthCode: checks an SMS code sent to a phone number and answers
 * a single-use `checkToken` that the next call presents as `authCodeToken` with `authCodeType`.
 */

import type { TAuthMethod } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';
import type { TCheckResult } from './check-auth-code';

const checkPhoneAuthCodeEndpoint = endpoint(
  'checkPhoneAuthCode',
  'POST',
  '/api/portal/common/checkPhoneAuthCode',
);

export type TCheckPhoneAuthCodeInput = {
  authMethod: TAuthMethod;
  phone: string;
  phoneCode?: string;
  code: string;
};

export function checkPhoneAuthCode(input: TCheckPhoneAuthCodeInput): Promise<TCheckResult> {
  return callApi(checkPhoneAuthCodeEndpoint, { body: input, hints: false, redirectOn401: false });
}

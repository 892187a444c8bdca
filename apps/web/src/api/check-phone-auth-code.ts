/**
 * POST /api/portal/common/checkPhoneAuthCode: checks an SMS code sent to a phone number and answers
 * a single-use `checkToken` that the next call presents as `authCodeToken` with `authCodeType`.
 */

import type { TAuthMethod } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';
import type { TCheckResult } from './check-auth-code';
import type { TCaptchaAnswer } from './generate-image-captcha';

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
  /** Asked for after many failed checks from the client's address (see `useCaptchaGate`). */
  captcha?: TCaptchaAnswer | null;
};

export function checkPhoneAuthCode({ captcha, ...input }: TCheckPhoneAuthCodeInput): Promise<TCheckResult> {
  return callApi(checkPhoneAuthCodeEndpoint, {
    body: { ...input, ...(captcha ?? {}) },
    hints: false,
  });
}

/**
 * POST /api/portal/common/sendPhoneAuthCodeWithToken: a code by SMS to a new phone number, for the
 * signed-in user (EDIT_PHONE). Checked with `checkPhoneAuthCode`.
 */

import type { TAuthMethod, TRouteData } from '@console/contract';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { callApi, endpoint } from '@/lib/api-client';

const sendPhoneAuthCodeWithTokenEndpoint = endpoint(
  'sendPhoneAuthCodeWithToken',
  'POST',
  '/api/portal/common/sendPhoneAuthCodeWithToken',
);

export function sendPhoneAuthCodeWithToken(input: {
  phone: string;
  /** The country code (`86` unless the global-phone setting offers others). */
  phoneCode: string;
  authMethod: TAuthMethod;
  captcha: TCaptchaAnswer | null;
}): Promise<TRouteData<'sendPhoneAuthCodeWithToken'>> {
  const { captcha, ...body } = input;
  return callApi(sendPhoneAuthCodeWithTokenEndpoint, {
    body: { ...body, ...(captcha ?? {}) },
    hints: false,
  });
}

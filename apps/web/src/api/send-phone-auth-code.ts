/**
 * POST /api/portal/common/sendPhoneAuthCode: sends a 6-digit code by SMS to a phone number, for
 * the purpose in `authMethod` (e.g. FIND_ACCOUNT_FORM). A resend carries an image captcha. The
 * answer is the same whether or not the number belongs to anyone.
 */

import type { TAuthMethod, TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';
import type { TCaptchaAnswer } from './generate-image-captcha';

const sendPhoneAuthCodeEndpoint = endpoint(
  'sendPhoneAuthCode',
  'POST',
  '/api/portal/common/sendPhoneAuthCode',
);

export type TSendPhoneCodeResult = TRouteData<'sendPhoneAuthCode'>;

export type TSendPhoneAuthCodeInput = {
  authMethod: TAuthMethod;
  phone: string;
  phoneCode?: string;
  captcha?: TCaptchaAnswer | null;
};

export function sendPhoneAuthCode({
  captcha,
  ...body
}: TSendPhoneAuthCodeInput): Promise<TSendPhoneCodeResult> {
  return callApi(sendPhoneAuthCodeEndpoint, {
    body: { ...body, ...(captcha ?? {}) },
    hints: false,
  });
}

/**
 * POST /api/portal/common/sendAuthCode?authCodeType=SMS|EMAIL: sends a 6-digit code for the purpose
 * in the `authMethod` header to the signed-in user's own phone or e-mail, to the `phone` / `email`
 * given (e.g. an e-mail address to bind), or to the user of a reset lookup (`lookupId`). A resend
 * carries an image captcha.
 */

import type { TAuthCodeType, TAuthMethod, TRouteData, TRouteQuery } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';
import type { TCaptchaAnswer } from './generate-image-captcha';

const sendAuthCodeEndpoint = endpoint('sendAuthCode', 'POST', '/api/portal/common/sendAuthCode');

export type TSendCodeResult = TRouteData<'sendAuthCode'>;

export type TSendAuthCodeInput = {
  authMethod: TAuthMethod;
  authCodeType: TAuthCodeType;
  /** A new target instead of the user's own: an e-mail address, or a phone with its country code. */
  email?: string;
  phone?: string;
  phoneCode?: string;
  /** The reset lookup (`getUserByUsername`) whose user gets the code. */
  lookupId?: string;
  captcha?: TCaptchaAnswer | null;
};

export function sendAuthCode({
  authMethod,
  captcha,
  ...target
}: TSendAuthCodeInput): Promise<TSendCodeResult> {
  const query: TRouteQuery<'sendAuthCode'> = { ...target, ...(captcha ?? {}) };
  return callApi(sendAuthCodeEndpoint, { query, headers: { authmethod: authMethod }, hints: false });
}

/**
 * POST /api/portal/mfa/sendLoginCode: sends the second-step code of a sign-in (`uniqueId`) to the
 * user's phone or e-mail. A resend carries an image captcha. Hints off: the code screen shows failures.
 */

import type { TAuthCodeType, TRouteData } from '@console/contract';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { callApi, endpoint } from '@/lib/api-client';

const sendLoginCodeEndpoint = endpoint('sendLoginCode', 'POST', '/api/portal/mfa/sendLoginCode');

export type TSendLoginCodeResult = TRouteData<'sendLoginCode'>;

export function sendLoginCode(
  uniqueId: string,
  authCodeType: TAuthCodeType,
  captcha: TCaptchaAnswer | null,
): Promise<TSendLoginCodeResult> {
  return callApi(sendLoginCodeEndpoint, {
    body: { uniqueId, authCodeType, ...(captcha ?? {}) },
    hints: false,
  });
}

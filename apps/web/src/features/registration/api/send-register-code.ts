/**
 * POST /api/portal/common/sendAuthCodeForUnregistered: sends the REGISTER_FORM code to the phone
 * number or e-mail address being registered. It answers the same whether or not the target is
 * registered already (that shows only after the code is verified). A resend carries the captcha.
 */

import type { TRouteData } from '@console/contract';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { callApi, endpoint } from '@/lib/api-client';

const sendAuthCodeForUnregisteredEndpoint = endpoint(
  'sendAuthCodeForUnregistered',
  'POST',
  '/api/portal/common/sendAuthCodeForUnregistered',
);

export type TRegisterCodeResult = TRouteData<'sendAuthCodeForUnregistered'>;

export type TRegisterTarget = { phone: string; phoneCode: string } | { email: string };

export function sendRegisterCode(
  target: TRegisterTarget,
  captcha: TCaptchaAnswer | null,
): Promise<TRegisterCodeResult> {
  return callApi(sendAuthCodeForUnregisteredEndpoint, {
    body: {
      authCodeType: 'email' in target ? 'EMAIL' : 'SMS',
      authMethod: 'REGISTER_FORM',
      ...target,
      ...(captcha ?? {}),
    },
    hints: false,
  });
}

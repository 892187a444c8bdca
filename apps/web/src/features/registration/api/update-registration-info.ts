/**
 * POST /api/portal/account/updateRegistrationInfo: the registration questionnaire, as the JSON
 * string `registrationInfo` ({ registration_reason: [...], registration_reason_other: [text] }),
 * with the `registrationKey` answered at registration (no session is needed).
 */

import type { TRegistrationInfo } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const updateRegistrationInfoEndpoint = endpoint(
  'updateRegistrationInfo',
  'POST',
  '/api/portal/account/updateRegistrationInfo',
);

export function updateRegistrationInfo(
  account: { id: number; registrationKey: string },
  info: TRegistrationInfo,
): Promise<null> {
  return callApi(updateRegistrationInfoEndpoint, {
    body: {
      id: account.id,
      registrationKey: account.registrationKey,
      registrationInfo: JSON.stringify(info),
    },
    hints: false,
  });
}

/**
 * POST /api/portal/user/getUserByUsername: the reset lookup. Where a FIND_PASSWORD code can go
 * (masked phone and e-mail) and the `lookupId` that addresses it; names that do not exist get
 * consistent decoys, so the answer never tells whether they exist. After many lookups from the
 * client's address the image captcha is asked for (4024), and 429 answers while it is blocked.
 */

import type { TRouteData } from '@console/contract';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { callApi, endpoint } from '@/lib/api-client';

const getUserByUsernameEndpoint = endpoint('getUserByUsername', 'POST', '/api/portal/user/getUserByUsername');

export type TResetLookup = TRouteData<'getUserByUsername'>;

export function getUserByUsername(
  accountName: string,
  username: string,
  captcha: TCaptchaAnswer | null = null,
): Promise<TResetLookup> {
  return callApi(getUserByUsernameEndpoint, {
    body: { accountName, username, ...(captcha ?? {}) },
    hints: false,
  });
}

/**
 * POST /api/portal/user/changePassword: the signed-in user's new password, proven by the current
 * one; the server ends the user's other sessions. Failures (4033 wrong current password, 5059–5064
 * the policy) are shown at their fields by the dialog, so the call shows no toast of its own.
 */

import type { TRouteBody } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';

const changePasswordEndpoint = endpoint('changePassword', 'POST', '/api/portal/user/changePassword');

export type TChangePasswordBody = TRouteBody<'changePassword'>;

export function changePassword(body: TChangePasswordBody): Promise<null> {
  return callApi(changePasswordEndpoint, { body, hints: false });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

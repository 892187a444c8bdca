/**
 * The calls behind the administrator's identity check in the user dialogs:
 * - POST /api/portal/user/updateUserWithConfirm: another user's new phone or e-mail, which takes
 *   effect when that user agrees through the link sent to it (headers `authCodeToken`,
 *   `authCodeType` of the administrator's UPDATE_USER_INFO code);
 * - POST /api/portal/user/resetPassword: a regular user's new password (headers of the
 *   administrator's RESET_USER_PASSWORD_MODAL code);
 * - GET /api/portal/role/userRoleList: the roles a user holds (the edit dialog's administrator
 *   flag starts from them).
 */
import type { TRouteBody } from '@console/contract';
import type { TCheckResult } from '@/api/check-auth-code';
import { callApi, endpoint } from '@/lib/api-client';

const updateUserWithConfirmEndpoint = endpoint(
  'updateUserWithConfirm',
  'POST',
  '/api/portal/user/updateUserWithConfirm',
);
const resetPasswordEndpoint = endpoint('resetPassword', 'POST', '/api/portal/user/resetPassword');
const userRoleListEndpoint = endpoint('userRoleList', 'GET', '/api/portal/role/userRoleList');

export function updateUserWithConfirm(body: TRouteBody<'updateUserWithConfirm'>, proof: TCheckResult) {
  return callApi(updateUserWithConfirmEndpoint, {
    body,
    headers: {
      authmethod: 'UPDATE_USER_INFO',
      authcodetoken: proof.checkToken,
      authcodetype: proof.checkCodeType,
    },
    hints: false,
  });
}

export function resetUserPassword(body: TRouteBody<'resetPassword'>, proof: TCheckResult) {
  return callApi(resetPasswordEndpoint, {
    body,
    headers: {
      authmethod: 'RESET_USER_PASSWORD_MODAL',
      authcodetoken: proof.checkToken,
      authcodetype: proof.checkCodeType,
    },
    hints: false,
  });
}

/** Whether the user holds the account administrator role (from the roles it holds). */
export async function isAccountAdmin(userId: number): Promise<boolean> {
  const roles = await callApi(userRoleListEndpoint, { query: { userId } });
  return roles.some((role) => role.isAdminRole);
}

import { ErrorCode } from '@console/contract/codes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { getPasswordErrorTimes } from '../auth/auth.service';
import { resendInvitation, revokeUserInvitation } from './invitation.service';
import { acceptInvitation, getInvitation, startInvitationMfa } from './invitation-accept.service';
import { bindEmail, getCurrentUser, getUserAuth } from './user.service';
import {
  addManagedUser,
  addUser,
  resetManagedUserPassword,
  updateUser,
  updateUserStatus,
} from './user-change.service';
import { checkProperties, fetchUser, getUserList, ownedResources } from './user-list.service';
import { resetUserMfa } from './user-mfa-reset.service';
import { resetPassword } from './user-password.service';
import { deleteUsers, recoverUsers } from './user-removal.service';
import { checkUserSyncStatus, retryUserSync } from './user-sync.service';

/** Ids of delete and recover: in the body, or in the query (the spec sends them as both). */
function idsOf(body: { ids?: number[] | undefined }, query: { ids?: number[] | undefined }): number[] {
  const ids = body.ids ?? query.ids;
  if (!ids || ids.length === 0) {
    throw new AppError(ErrorCode.badRequest, { data: { fieldErrors: { ids: 'ids' } } });
  }
  return ids;
}

export function userRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getCurrentUser', ({ deps, auth }) => getCurrentUser(deps, auth));
  defineRoute(app, 'findCurrentUser', async ({ deps, auth }) => ({
    user: auth ? await getCurrentUser(deps, auth) : null,
  }));
  defineRoute(app, 'getUserAuth', ({ deps, auth }) => getUserAuth(deps, auth));
  defineRoute(app, 'bindEmail', ({ deps, auth, body, headers, request }) =>
    bindEmail(deps, auth, body.email, headers.authcodetoken, requestMeta(request)),
  );
  defineRoute(app, 'getPwdErrorTimes', ({ deps, query, request }) =>
    getPasswordErrorTimes(deps, query.accountDisplayName, query.username, request.ip ?? null),
  );
  // user management (administrators)
  defineRoute(app, 'userList', ({ deps, auth, body }) => getUserList(deps, auth, body));
  defineRoute(app, 'fetchUser', ({ deps, auth, query }) => fetchUser(deps, auth, query.id));
  defineRoute(app, 'addUser', ({ deps, auth, body, request }) =>
    addUser(deps, auth, request, body, requestMeta(request), 'regular'),
  );
  defineRoute(app, 'addManagedUser', ({ deps, auth, body, request }) =>
    addManagedUser(deps, auth, request, body, requestMeta(request)),
  );
  defineRoute(app, 'updateUser', ({ deps, auth, body, request }) =>
    updateUser(deps, auth, request, body, requestMeta(request)),
  );
  defineRoute(app, 'updateUserStatus', ({ deps, auth, body, request }) =>
    updateUserStatus(deps, auth, body.ids, body.status === 1, requestMeta(request)),
  );
  defineRoute(app, 'checkUserSyncStatus', ({ deps, auth, query }) => checkUserSyncStatus(deps, auth, query));
  defineRoute(app, 'retryUserSync', ({ deps, auth, body, request }) =>
    retryUserSync(deps, auth, body.ids, requestMeta(request)),
  );
  defineRoute(app, 'deleteUser', ({ deps, auth, body, query, request }) =>
    deleteUsers(
      deps,
      auth,
      idsOf(body, query),
      Boolean(body.force ?? query.force),
      requestMeta(request),
      'regular',
    ),
  );
  defineRoute(app, 'deleteManagedUser', ({ deps, auth, body, query, request }) =>
    deleteUsers(
      deps,
      auth,
      idsOf(body, query),
      Boolean(body.force ?? query.force),
      requestMeta(request),
      'service',
    ),
  );
  defineRoute(app, 'recoverManagedUser', ({ deps, auth, body, query, request }) =>
    recoverUsers(deps, auth, idsOf(body, query), requestMeta(request), 'service'),
  );
  defineRoute(app, 'recoverUser', ({ deps, auth, body, query, request }) =>
    recoverUsers(deps, auth, idsOf(body, query), requestMeta(request), 'regular'),
  );
  defineRoute(app, 'resetManagedUserPassword', ({ deps, auth, body, request }) =>
    resetManagedUserPassword(deps, auth, body.id, body.password, requestMeta(request)),
  );
  // The user's own password, or (administrators) a regular user's, after a verified code.
  defineRoute(app, 'resetPassword', ({ deps, auth, body, headers, request }) =>
    resetPassword(
      deps,
      auth,
      {
        accountId: body.accountId,
        userId: body.userId,
        password: body.password,
        checkToken: headers.authcodetoken,
      },
      requestMeta(request),
    ),
  );
  // Another user's login protection, after the administrator's own code (decision 0048).
  defineRoute(app, 'resetUserMfa', ({ deps, auth, body, headers, request }) =>
    resetUserMfa(
      deps,
      auth,
      { userId: body.userId, reason: body.reason, checkToken: headers.authcodetoken },
      { ...requestMeta(request), lang: request.lang },
      request.log,
    ),
  );
  defineRoute(app, 'checkProperties', ({ deps, auth, body, request }) =>
    checkProperties(deps, auth, request, body),
  );
  defineRoute(app, 'userOwnedResources', ({ deps, auth, query }) => ownedResources(deps, auth, query.ids));
  // invitations: administrators resend and revoke; the invited user reads and accepts (no session)
  defineRoute(app, 'resendInvitation', ({ deps, auth, body, request }) =>
    resendInvitation(deps, { kind: 'admin', auth }, request.lang, body, requestMeta(request), request.log),
  );
  defineRoute(app, 'revokeInvitation', ({ deps, auth, body, request }) =>
    revokeUserInvitation(deps, auth, body.id, requestMeta(request)),
  );
  defineRoute(app, 'getInvitation', ({ deps, query, request }) =>
    getInvitation(deps, query, requestMeta(request)),
  );
  defineRoute(app, 'invitationMfaCode', ({ deps, body, request }) =>
    startInvitationMfa(deps, body, requestMeta(request)),
  );
  defineRoute(app, 'acceptInvitation', ({ deps, body, request }) =>
    acceptInvitation(deps, body, requestMeta(request), request.lang),
  );
}

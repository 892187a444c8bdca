import { ErrorCode } from '@console/contract/codes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { getPasswordErrorTimes } from '../auth/auth.service';
import { bindEmail, getCurrentUser, getUserAuth } from './user.service';
import {
  addManagedUser,
  addUser,
  resetManagedUserPassword,
  updateUser,
  updateUserStatus,
} from './user-change.service';
import {
  checkProperties,
  checkUserSyncStatus,
  fetchUser,
  getUserList,
  ownedResources,
} from './user-list.service';
import { deleteUsers, recoverUsers } from './user-removal.service';

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
    updateUser(deps, auth, request, body, requestMeta(request), request.log),
  );
  defineRoute(app, 'updateUserStatus', ({ deps, auth, body, request }) =>
    updateUserStatus(deps, auth, body.ids, body.status === 1, requestMeta(request)),
  );
  defineRoute(app, 'checkUserSyncStatus', ({ deps, auth, query }) =>
    checkUserSyncStatus(deps, auth, query.id),
  );
  defineRoute(app, 'deleteUser', ({ deps, auth, body, query, request }) =>
    deleteUsers(
      deps,
      auth,
      idsOf(body, query),
      Boolean(body.force ?? query.force),
      requestMeta(request),
      null,
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
    recoverUsers(deps, auth, idsOf(body, query), requestMeta(request)),
  );
  defineRoute(app, 'resetManagedUserPassword', ({ deps, auth, body, request }) =>
    resetManagedUserPassword(deps, auth, body.id, body.password, requestMeta(request)),
  );
  defineRoute(app, 'checkProperties', ({ deps, auth, body, request }) =>
    checkProperties(deps, auth, request, body),
  );
  defineRoute(app, 'userOwnedResources', ({ deps, auth, query }) => ownedResources(deps, auth, query.ids));
}

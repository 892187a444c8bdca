import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { findAccountByName } from '../account';
import { changePassword, getPolicy, resetPasswordByToken, savePolicy } from './password.service';

export function passwordRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getPasswordPolicy', async ({ deps, auth, query }) => {
    if (auth) return getPolicy(deps.db, auth.accountId);
    if (query.accountId) return getPolicy(deps.db, query.accountId);
    // By name: an unknown name answers the default policy, like an account that never set one.
    const account = query.accountName ? await findAccountByName(deps.db, query.accountName) : null;
    return getPolicy(deps.db, account?.id ?? null);
  });
  defineRoute(app, 'savePasswordPolicy', ({ deps, auth, body, request }) =>
    savePolicy(deps, auth, body, requestMeta(request)),
  );
  defineRoute(app, 'changePassword', ({ deps, auth, body, request }) =>
    changePassword(deps, auth, body, requestMeta(request)),
  );
  defineRoute(app, 'resetPassword', ({ deps, auth, body, headers, request }) =>
    resetPasswordByToken(
      deps,
      {
        checkToken: headers.authcodetoken,
        purposes: ['RESET_USER_PASSWORD_MODAL', 'UPDATE_USER_INFO', 'FIND_PASSWORD'],
        password: body.password,
        accountId: body.accountId,
        userId: body.userId,
        self: auth,
      },
      requestMeta(request),
    ),
  );
  defineRoute(app, 'resetPasswordWithoutLogin', ({ deps, body, headers, request }) =>
    resetPasswordByToken(
      deps,
      {
        checkToken: headers.authcodetoken,
        purposes: ['FIND_PASSWORD'],
        password: body.password,
        ...(body.accountId ? { accountId: body.accountId } : {}),
        ...(body.userId ? { userId: body.userId } : {}),
      },
      requestMeta(request),
    ),
  );
}

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
  // resetPassword (the signed-in user's own password or, for administrators, a regular user's)
  // is the user module's: user.routes.ts.
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

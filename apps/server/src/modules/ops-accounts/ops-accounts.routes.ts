/** The back office's account routes (issue 40, item 2): search, page, audit log and acts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TDeps, TOpsAuth } from '../../context';
import { defineOpsRoute } from '../../http/define-ops-route';
import { requestMeta } from '../../http/request-meta';
import { actorOf } from '../operator';
import {
  extendTrial,
  makeFormal,
  resumeAccount,
  stopMfaRequirement,
  suspendAccount,
} from './ops-account-acts.service';
import { createAccount, createActivationCode } from './ops-account-create.service';
import { getAccountAudit, getAccountPage, requireAccountFacts, searchAccounts } from './ops-accounts.service';

function actOf(deps: TDeps, auth: TOpsAuth, request: FastifyRequest) {
  return { deps, actor: actorOf(auth), meta: requestMeta(request), log: request.log };
}

export function opsAccountsRoutes(app: FastifyInstance): void {
  defineOpsRoute(app, 'opsSearchAccounts', ({ deps, query }) => searchAccounts(deps, query));
  defineOpsRoute(app, 'opsGetAccount', ({ deps, query }) => getAccountPage(deps, query.accountId));
  defineOpsRoute(app, 'opsAccountAudit', ({ deps, query }) => getAccountAudit(deps, query));
  defineOpsRoute(app, 'opsSuspendAccount', ({ deps, auth, body, request }) =>
    suspendAccount(actOf(deps, auth, request), body),
  );
  defineOpsRoute(app, 'opsResumeAccount', ({ deps, auth, body, request }) =>
    resumeAccount(actOf(deps, auth, request), body),
  );
  defineOpsRoute(app, 'opsExtendTrial', ({ deps, auth, body, request }) =>
    extendTrial(actOf(deps, auth, request), body),
  );
  defineOpsRoute(app, 'opsMakeFormal', ({ deps, auth, body, request }) =>
    makeFormal(actOf(deps, auth, request), body),
  );
  defineOpsRoute(app, 'opsStopMfaRequirement', async ({ deps, auth, body, request }) =>
    stopMfaRequirement(actOf(deps, auth, request), body, await requireAccountFacts(deps, body.accountId)),
  );
  defineOpsRoute(app, 'opsCreateAccount', ({ deps, auth, body, request }) =>
    createAccount(deps, actorOf(auth), body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsCreateActivationCode', ({ deps, auth, body, request }) =>
    createActivationCode(deps, actorOf(auth), body, requestMeta(request)),
  );
}

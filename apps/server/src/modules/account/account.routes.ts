import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { checkBill, getAccountBaseInfo, getAccountDetail } from './account.service';
import {
  activateAccount,
  getAccountCenter,
  submitFormalApplication,
  updateCompanyName,
  updateRegistrationPhone,
} from './account-center.service';

export function accountRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getAccountDetail', ({ deps, auth }) => getAccountDetail(deps, auth.accountId));
  defineRoute(app, 'getAccountBaseInfo', ({ deps, auth }) => getAccountBaseInfo(deps, auth.accountId));
  defineRoute(app, 'checkBill', ({ deps, auth }) => checkBill(deps, auth.accountId));
  defineRoute(app, 'getAccountCenter', ({ deps, auth }) => getAccountCenter(deps, auth.accountId));
  defineRoute(app, 'updateAccountInfo', ({ deps, auth, body, request }) =>
    updateCompanyName(deps, auth, body.companyName, requestMeta(request)),
  );
  defineRoute(app, 'updateAccount', ({ deps, auth, body, headers, request }) =>
    updateRegistrationPhone(deps, auth, { ...body, checkToken: headers.authcodetoken }, requestMeta(request)),
  );
  defineRoute(app, 'activateAccount', ({ deps, auth, body, request }) =>
    activateAccount(deps, auth, body.code, requestMeta(request)),
  );
  defineRoute(app, 'formalApplication', ({ deps, auth, body, request }) =>
    submitFormalApplication(deps, auth, body, requestMeta(request)),
  );
}

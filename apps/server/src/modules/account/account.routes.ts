import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { getAccountBaseInfo, getAccountDetail } from './account.service';

export function accountRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getAccountDetail', ({ deps, auth }) => getAccountDetail(deps, auth.accountId));
  defineRoute(app, 'getAccountBaseInfo', ({ deps, auth }) => getAccountBaseInfo(deps, auth.accountId));
}

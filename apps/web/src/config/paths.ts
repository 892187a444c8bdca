/**
 * Every route path of the web app: the public ones (public-paths.ts, with their table and the
 * matching) and the console's. The helpers that build console paths (on-premise prefix, login
 * redirect, console home) live in console-paths.ts.
 */
import { publicPaths } from './public-paths';

export * from './public-paths';

/**
 * Path patterns by route id, e.g. `paths.login` = '/login', `paths.monthBill` =
 * '/billing/cost/month/:id'. Console paths are relative to the on-premise prefix, if any.
 */
export const paths = {
  ...publicPaths,
  // console (session required); the route table is console-routes.ts
  workbench: '/workbench',
  accountInfo: '/accountManage/accountInfo',
  authentication: '/accountManage/accountInfo/authentication',
  userManage: '/accountManage/userManage',
  sso: '/accountManage/sso',
  serviceManage: '/serviceManage',
  insightUserManage: '/serviceManage/insightUserManage',
  billing: '/billing',
  cost: '/billing/cost',
  monthBill: '/billing/cost/month/:id',
  balance: '/billing/balance',
  topUp: '/billing/balance/topUp',
  auditManage: '/auditManage',
} as const;

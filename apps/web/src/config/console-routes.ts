/**
 * The console's route table: every console path with the menu resource it needs, its back target
 * and whether it has a header. Part of the paths module (paths.ts holds the path strings and the
 * public routes), kept apart so that the light public pages do not carry it.
 */
import type { TMenuResource } from '@console/contract/enums';
import { matchPath, paths } from './paths';

export type TConsoleRouteId =
  | 'workbench'
  | 'accountInfo'
  | 'authentication'
  | 'userManage'
  | 'sso'
  | 'serviceManage'
  | 'insightUserManage'
  | 'billing'
  | 'cost'
  | 'monthBill'
  | 'balance'
  | 'topUp'
  | 'auditManage';

export type TConsoleRoute = {
  readonly id: TConsoleRouteId;
  readonly path: string;
  readonly access: 'session';
  readonly isBuilt: boolean;
  /** The menu resource (type 0) the route needs; the first path segment, skipping accountManage. */
  readonly resource: TMenuResource;
  /** Route whose path the header's back arrow leads to. */
  readonly back?: TConsoleRouteId;
  /** False for pages drawn without the console header. */
  readonly hasHeader: boolean;
};

function con(
  id: TConsoleRouteId,
  resource: TMenuResource,
  extra: { isBuilt?: boolean; back?: TConsoleRouteId; hasHeader?: boolean } = {},
): TConsoleRoute {
  return {
    id,
    path: paths[id],
    access: 'session',
    resource,
    isBuilt: extra.isBuilt ?? false,
    hasHeader: extra.hasHeader ?? true,
    ...(extra.back ? { back: extra.back } : {}),
  };
}

/** Routes of the console shell; paths are relative to the on-premise prefix when there is one. */
export const consoleRoutes: readonly TConsoleRoute[] = [
  con('workbench', 'workbench', { isBuilt: true }),
  con('accountInfo', 'workbench', { isBuilt: true }),
  con('authentication', 'workbench', { isBuilt: true, back: 'accountInfo' }),
  con('userManage', 'userManage', { isBuilt: true }),
  // Single sign-on configuration (administrators): it needs the administrators' userManage menu.
  con('sso', 'userManage', { isBuilt: true }),
  con('serviceManage', 'serviceManage', { isBuilt: true }),
  con('insightUserManage', 'serviceManage', { isBuilt: true, back: 'serviceManage' }),
  con('billing', 'billing', { isBuilt: true }),
  con('cost', 'billing', { isBuilt: true }),
  con('monthBill', 'billing', { isBuilt: true, back: 'cost' }),
  con('balance', 'billing', { isBuilt: true, hasHeader: false }),
  con('topUp', 'billing', { isBuilt: true, back: 'balance' }),
  con('auditManage', 'auditManage', { isBuilt: true }),
];

export function findConsoleRoute(
  pathname: string,
): { route: TConsoleRoute; params: Record<string, string> } | null {
  for (const route of consoleRoutes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

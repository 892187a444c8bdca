/**
 * The access rule of spec section 2, as one pure function:
 * 1. public (and shared) paths need nothing;
 * 2. any other path needs a session, else /login?redirect=<path>;
 * 3. on-premise, console paths carry /accounts/{accountId}, or the account's display name in its
 *    place (the session's account; another account's id or name: /noAuth);
 * 4. `/` goes to /workbench; an unknown path to /noFound;
 * 5. the route's first path segment, skipping `accountManage`, names the menu resource it needs
 *    (accountInfo needs workbench); billing also needs the billing feature; failure: /noAuth.
 */
import type { TAuthVo } from '@console/contract';
import type { TDeployMode, TMenuResource } from '@console/contract/enums';
import {
  consolePath,
  consolePrefix,
  isOwnAccountSegment,
  loginPath,
  splitOnpremPath,
} from '@/config/console-paths';
import { findConsoleRoute, type TConsoleRoute } from '@/config/console-routes';
import { findPublicRoute, paths, type TPublicRoute } from '@/config/paths';
import { canOpenMenu } from '@/lib/permissions';

export type TSession = {
  accountId: number;
  /** The account's name and display name: an on-premise path may name the account by either. */
  accountName: string;
  accountDisplayName: string;
  auths: readonly TAuthVo[];
  isBillingAvailable: boolean;
};

export type TAccessInput = {
  pathname: string;
  search?: string;
  deployMode: TDeployMode;
  /** null: no session (the server said 401). */
  session: TSession | null;
};

export type TAccessDecision =
  | { kind: 'public'; route: TPublicRoute }
  | { kind: 'redirect'; to: string; reason: 'login' | 'home' | 'prefix' | 'noAuth' | 'noFound' }
  | {
      kind: 'console';
      route: TConsoleRoute;
      params: Record<string, string>;
      /** '' in the cloud, `/accounts/{id}` (or `/accounts/{display name}` as visited) on-premise. */
      prefix: string;
      /** The path after the prefix. */
      path: string;
    };

const segmentResources: Record<string, TMenuResource> = {
  workbench: 'workbench',
  accountInfo: 'workbench',
  userManage: 'userManage',
  serviceManage: 'serviceManage',
  billing: 'billing',
  auditManage: 'auditManage',
};

/** The resource a console path needs: its first segment, skipping `accountManage`. */
export function resourceOfPath(path: string): TMenuResource | null {
  const segments = path.split('/').filter(Boolean);
  const first = segments[0] === 'accountManage' ? segments[1] : segments[0];
  return first ? (segmentResources[first] ?? null) : null;
}

export function resolveAccess({ pathname, search = '', deployMode, session }: TAccessInput): TAccessDecision {
  const publicRoute = findPublicRoute(pathname);
  if (publicRoute) return { kind: 'public', route: publicRoute };
  if (!session) return { kind: 'redirect', to: loginPath(`${pathname}${search}`), reason: 'login' };

  let path = pathname;
  let prefix = consolePrefix(deployMode, session.accountId);
  if (deployMode === 'onprem') {
    const split = splitOnpremPath(pathname);
    if (!split) {
      // A console path without its prefix: put the session's account in front.
      const inner = pathname === '/' ? paths.workbench : pathname;
      return {
        kind: 'redirect',
        to: `${consolePath(inner, deployMode, session.accountId)}${search}`,
        reason: 'prefix',
      };
    }
    if (!isOwnAccountSegment(split.account, session))
      return { kind: 'redirect', to: paths.noAuth, reason: 'noAuth' };
    // The console keeps the form the path came with (id or display name) for its own links.
    prefix = `/accounts/${split.account}`;
    path = split.rest;
  }

  if (path === '/' || path === '') {
    return {
      kind: 'redirect',
      to: `${prefix}${paths.workbench}`,
      reason: 'home',
    };
  }
  const found = findConsoleRoute(path);
  if (!found) return { kind: 'redirect', to: paths.noFound, reason: 'noFound' };

  const resource = resourceOfPath(path) ?? found.route.resource;
  if (!canOpenMenu(resource, session)) return { kind: 'redirect', to: paths.noAuth, reason: 'noAuth' };
  return { kind: 'console', route: found.route, params: found.params, prefix, path };
}

/**
 * Helpers that build console paths: the on-premise prefix, the console home, the login redirect
 * and its safe reading. Apart from paths.ts so that the login page's first load does not carry
 * them (they are used after the first submit, by the API client and by the console).
 */
import type { TDeployMode } from '@console/contract/enums';
import { findPublicRoute, paths } from './paths';

/** Fills `:name` segments of a pattern. */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

/** `/accounts/{accountId}` on-premise, '' in the cloud. */
export function consolePrefix(deployMode: TDeployMode, accountId: number): string {
  return deployMode === 'onprem' ? `/accounts/${accountId}` : '';
}

/**
 * Splits an on-premise path into its account segment (the account id, or its display name) and
 * the console path after the prefix.
 */
export function splitOnpremPath(pathname: string): { account: string; rest: string } | null {
  const m = /^\/accounts\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!m) return null;
  return { account: m[1] as string, rest: m[2] ?? '/' };
}

/**
 * Whether an on-premise path's account segment names the session's account (spec section 2:
 * "prefixed /accounts/{accountId} (or carry the account display name as a segment)"): its id, or
 * its display name or name, letter case aside. Any other account's id or name is not.
 */
export function isOwnAccountSegment(
  segment: string,
  account: { accountId: number; accountName: string; accountDisplayName: string },
): boolean {
  if (segment === String(account.accountId)) return true;
  let name: string;
  try {
    name = decodeURIComponent(segment).toLowerCase();
  } catch {
    return false; // a malformed escape names no account
  }
  return name === account.accountDisplayName.toLowerCase() || name === account.accountName.toLowerCase();
}

/** A console path for the deployment mode: on-premise paths carry `/accounts/{accountId}`. */
export function consolePath(path: string, deployMode: TDeployMode, accountId: number): string {
  return `${consolePrefix(deployMode, accountId)}${path}`;
}

/** The console home: `/workbench`, or `/accounts/{accountId}/workbench` on-premise. */
export function consoleHome(deployMode: TDeployMode, accountId: number): string {
  return consolePath(paths.workbench, deployMode, accountId);
}

/** `/login`, with `?redirect=` when a target is given and `&account=` to fill the account name in. */
export function loginPath(redirect?: string, account?: string | null): string {
  const params = new URLSearchParams();
  if (redirect && redirect !== '/' && findPublicRoute(redirect.split('?')[0] ?? '')?.id !== 'login') {
    params.set('redirect', redirect);
  }
  if (account) params.set('account', account);
  const query = params.toString();
  return query ? `${paths.login}?${query}` : paths.login;
}

/**
 * The `redirect` query parameter if it is a same-origin path (starts with one slash, no scheme,
 * no protocol-relative `//` or backslash trick), else null.
 */
export function safeRedirect(value: string | null | undefined, origin: string): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== new URL(origin).origin) return null;
    if (findPublicRoute(url.pathname)?.id === 'login') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * Every route path of the web app, with its access kind, and the helpers that build paths
 * (on-premise prefix, login redirect, console home). Pure data and functions, free of React and
 * of any library, so that the lightest pages can use them.
 */
import type { TDeployMode } from '@console/contract/enums';

/** public: no session; shared: a page shared by link (public too); session: needs a signed-in user. */
export type TRouteAccess = 'public' | 'shared' | 'session';

export type TPublicRouteId =
  | 'login'
  | 'register'
  | 'awsRegister'
  | 'findAccount'
  | 'findUsername'
  | 'findPassword'
  | 'noAuth'
  | 'noFound'
  | 'userInvite'
  | 'ssoError'
  | 'faceRecognitionSuccessful'
  | 'faceRecognition'
  | 'confirmChange'
  | 'shareJobProfile'
  | 'devOutbox';

export type TPublicRoute = {
  readonly id: TPublicRouteId;
  readonly path: string;
  readonly access: 'public' | 'shared';
  /** False while a later issue has not built the page: it shows the not-found page. */
  readonly isBuilt: boolean;
};

/**
 * Path patterns by route id, e.g. `paths.login` = '/login', `paths.monthBill` =
 * '/billing/cost/month/:id'. Console paths are relative to the on-premise prefix, if any.
 */
export const paths = {
  root: '/',
  // public (no header, no sidebar, no login)
  login: '/login',
  register: '/register',
  awsRegister: '/aws-register',
  findAccount: '/findAccount',
  findUsername: '/findUsername',
  findPassword: '/findPassword',
  noAuth: '/noAuth',
  noFound: '/noFound',
  userInvite: '/userManage/:userId',
  ssoError: '/sso-error',
  faceRecognitionSuccessful: '/faceRecognitionSuccessful',
  faceRecognition: '/faceRecognition',
  confirmChange: '/confirm-change',
  shareJobProfile: '/share/jobProfile',
  /** Development outbox (only when the meta says `devOutbox`). */
  devOutbox: '/dev/outbox',
  // console (session required); the route table is console-routes.ts
  workbench: '/workbench',
  accountInfo: '/accountManage/accountInfo',
  authentication: '/accountManage/accountInfo/authentication',
  userManage: '/accountManage/userManage',
  serviceManage: '/serviceManage',
  insightUserManage: '/serviceManage/insightUserManage',
  billing: '/billing',
  cost: '/billing/cost',
  monthBill: '/billing/cost/month/:id',
  balance: '/billing/balance',
  topUp: '/billing/balance/topUp',
  auditManage: '/auditManage',
} as const;

function pub(id: TPublicRouteId, isBuilt = false, access: 'public' | 'shared' = 'public'): TPublicRoute {
  return { id, path: paths[id], access, isBuilt };
}

/** Routes drawn without header or sidebar and without login (spec section 2). */
export const publicRoutes: readonly TPublicRoute[] = [
  pub('login', true),
  pub('register'),
  pub('awsRegister'),
  pub('findAccount'),
  pub('findUsername'),
  pub('findPassword'),
  pub('noAuth', true),
  pub('noFound', true),
  pub('userInvite'),
  pub('ssoError'),
  pub('faceRecognitionSuccessful'),
  pub('faceRecognition'),
  pub('confirmChange'),
  pub('shareJobProfile', false, 'shared'),
  pub('devOutbox', true),
];

/** Fills `:name` segments of a pattern. */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

/** Matches a pathname against a `:param` pattern; answers the params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = trimSlash(pathname).split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] as string;
    const h = have[i] as string;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) return null;
  }
  return params;
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export function findPublicRoute(pathname: string): TPublicRoute | null {
  return publicRoutes.find((r) => matchPath(r.path, pathname)) ?? null;
}

export function isPublicPath(pathname: string): boolean {
  return findPublicRoute(pathname) !== null;
}

/** `/accounts/{accountId}` on-premise, '' in the cloud. */
export function consolePrefix(deployMode: TDeployMode, accountId: number): string {
  return deployMode === 'onprem' ? `/accounts/${accountId}` : '';
}

/** Splits an on-premise path into its account id and the console path after the prefix. */
export function splitOnpremPath(pathname: string): { accountId: string; rest: string } | null {
  const m = /^\/accounts\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!m) return null;
  return { accountId: m[1] as string, rest: m[2] ?? '/' };
}

/** A console path for the deployment mode: on-premise paths carry `/accounts/{accountId}`. */
export function consolePath(path: string, deployMode: TDeployMode, accountId: number): string {
  return `${consolePrefix(deployMode, accountId)}${path}`;
}

/** The console home: `/workbench`, or `/accounts/{accountId}/workbench` on-premise. */
export function consoleHome(deployMode: TDeployMode, accountId: number): string {
  return consolePath(paths.workbench, deployMode, accountId);
}

/** `/login`, with `?redirect=` when a target is given. */
export function loginPath(redirect?: string): string {
  if (!redirect || redirect === '/' || findPublicRoute(redirect.split('?')[0] ?? '')?.id === 'login') {
    return paths.login;
  }
  return `${paths.login}?redirect=${encodeURIComponent(redirect)}`;
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

/** `/findPassword?username=…` (the page comes with a later issue). */
export function findPasswordPath(username: string): string {
  const name = username.trim();
  return name ? `${paths.findPassword}?username=${encodeURIComponent(name)}` : paths.findPassword;
}

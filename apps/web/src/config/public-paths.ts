/**
 * The public routes of the web app: their paths and their table, and the matching of a location
 * against them. Pure data and functions, free of React and of any library: the login page's first
 * load carries these (the console's paths are in paths.ts, which holds these too).
 */

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

/** Path patterns of the public routes by route id, e.g. `publicPaths.login` = '/login'. */
export const publicPaths = {
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
} as const;

function pub(id: TPublicRouteId, isBuilt = false, access: 'public' | 'shared' = 'public'): TPublicRoute {
  return { id, path: publicPaths[id], access, isBuilt };
}

/** Routes drawn without header or sidebar and without login (spec section 2). */
export const publicRoutes: readonly TPublicRoute[] = [
  pub('login', true),
  pub('register', true),
  pub('awsRegister', true),
  pub('findAccount', true),
  pub('findUsername', true),
  pub('findPassword', true),
  pub('noAuth', true),
  pub('noFound', true),
  pub('userInvite', true),
  pub('ssoError', true),
  pub('faceRecognitionSuccessful', true),
  pub('faceRecognition', true),
  pub('confirmChange', true),
  pub('shareJobProfile', true, 'shared'),
  pub('devOutbox', true),
];

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

/** `/findPassword?account=…&username=…`: the password reset of a user (both names are needed). */
export function findPasswordPath(account: string, username: string): string {
  return `${publicPaths.findPassword}?${new URLSearchParams({ account: account.trim(), username: username.trim() })}`;
}

/**
 * What the login page needs once signed in (or when it checks for a live session), loaded with the
 * first submit or the session check, not with its first paint: the session priming, where to go
 * next (an allowed `?fallbackUrl=` with the token, else the safe `?redirect=`, else the console
 * home), and the `?ssoRedirect=true` start of single sign-on when there is no session.
 */
import { isAllowedFallbackUrl, withToken } from '@console/contract/sso-rules';
import { findLiveSession, primeSession } from '@/api/prime-session';
import { consoleHome, safeRedirect } from '@/config/console-paths';
import { navigate } from '@/lib/history';
import { chunkLoader } from '@/lib/lazy';
import { getMeta } from '@/lib/meta';
import { toast } from '@/lib/notifier';
import type { TLoginResult } from '../api/login';

export { findLiveSession, primeSession };

/** The single sign-on redirect, loaded only for `?ssoRedirect=true`. */
const loadSso = chunkLoader(() => import('./sso'));

export function targetAfterLogin(accountId: number): string {
  const meta = getMeta();
  const redirect = new URLSearchParams(window.location.search).get('redirect');
  return safeRedirect(redirect, window.location.origin) ?? consoleHome(meta.deployMode, accountId);
}

/**
 * The page's `?fallbackUrl=` with the token appended, when its host is on the deployment's
 * allow-list (spec section 4 "Login"); null otherwise (the URL is then ignored).
 */
export function fallbackTarget(token: string | null | undefined): string | null {
  const url = new URLSearchParams(window.location.search).get('fallbackUrl');
  if (!url || !token || !isAllowedFallbackUrl(url, getMeta().fallbackHosts)) return null;
  return withToken(url, token);
}

/** After a successful sign-in (password, or its second step): on to the fallback URL or the console. */
export async function finishLogin(result: TLoginResult, successText: string): Promise<void> {
  const fallback = fallbackTarget(result.token);
  if (fallback) {
    window.location.replace(fallback);
    return;
  }
  const user = await primeSession(result).catch(() => null);
  const accountId = user?.accountId ?? result.userVo?.accountId ?? 0;
  toast({ level: 'success', title: successText });
  navigate(targetAfterLogin(accountId), { replace: true });
}

/**
 * When the login page opens: a live session goes straight to the console; without one,
 * `?ssoRedirect=true` goes to the identity provider of the known account if it uses SSO.
 */
export async function resumeSession(accountName: string | null, isCancelled: () => boolean): Promise<void> {
  const user = await findLiveSession();
  if (isCancelled()) return;
  if (user) {
    navigate(targetAfterLogin(user.accountId), { replace: true });
    return;
  }
  if (accountName && new URLSearchParams(window.location.search).get('ssoRedirect') === 'true') {
    const { redirectIfSso } = await loadSso();
    await redirectIfSso(accountName, getMeta().fallbackHosts, isCancelled);
  }
}

/**
 * What the login page needs once signed in (or when it finds a live session), loaded with the
 * first submit or the session check, not with its first paint: the session priming and where to
 * go next (the safe `?redirect=`, else the console home).
 */
import { consoleHome, safeRedirect } from '@/config/console-paths';
import { getMeta } from '@/lib/meta';

export { findLiveSession, primeSession } from '@/api/prime-session';

export function targetAfterLogin(accountId: number): string {
  const meta = getMeta();
  const redirect = new URLSearchParams(window.location.search).get('redirect');
  return safeRedirect(redirect, window.location.origin) ?? consoleHome(meta.deployMode, accountId);
}

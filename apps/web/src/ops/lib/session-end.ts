/**
 * Whether this tab had a back-office session: set at sign-in, read when a call finds the session
 * gone, so the sign-in page says "your session has ended" after a session, not on a first visit.
 */
const key = 'cz-ops-signed-in';

export function markSignedIn(): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // storage off: the notice is not shown
  }
}

/** Answers whether the tab had a session, and forgets it. */
export function takeSignedIn(): boolean {
  try {
    const had = sessionStorage.getItem(key) === '1';
    sessionStorage.removeItem(key);
    return had;
  } catch {
    return false;
  }
}

/** The sign-in page's address after a session ended (`notice`) or a sign-out, back to `from`. */
export function signInPath(notice: 'ended' | 'signedOut' | null, from?: string): string {
  const params = new URLSearchParams();
  if (notice) params.set('notice', notice);
  if (from && from !== '/' && from.startsWith('/') && !from.startsWith('/sign-in')) params.set('from', from);
  const qs = params.toString();
  return qs ? `/sign-in?${qs}` : '/sign-in';
}

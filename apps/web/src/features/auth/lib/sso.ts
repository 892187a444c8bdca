/**
 * Single sign-on on the login page (spec sections 2 and 4 "Login"), loaded when an account name is
 * known: the account's suite (looked up once per name), and the addresses that start a sign-in at
 * the identity provider, carrying the page's safe `?redirect=` and its allowed `?fallbackUrl=`.
 */
import { isAllowedFallbackUrl } from '@console/contract/sso-rules';
import { safeRedirect } from '@/config/console-paths';
import { getSsoSuite, type TSsoSuite } from '../api/get-sso-suite';

export type { TSsoSuite };

const suites = new Map<string, Promise<TSsoSuite>>();

/** The account's suite; one request per name (a failed one is forgotten, so that a retry asks again). */
export function lookupSsoSuite(accountName: string): Promise<TSsoSuite> {
  let suite = suites.get(accountName);
  if (!suite) {
    suite = getSsoSuite(accountName);
    suites.set(accountName, suite);
    suite.catch(() => suites.delete(accountName));
  }
  return suite;
}

/** For tests: forgets the suites looked up. */
export function forgetSsoSuites(): void {
  suites.clear();
}

/**
 * A sign-in address of the server (the SSO `redirectUrl` or a third party's `loginUrl`) with the
 * page's `redirect` (a console path) and `fallbackUrl` (an allowed host only) appended.
 */
export function signInHref(url: string, fallbackHosts: readonly string[]): string {
  const here = new URLSearchParams(window.location.search);
  const extra = new URLSearchParams();
  const redirect = safeRedirect(here.get('redirect'), window.location.origin);
  if (redirect) extra.set('redirect', redirect);
  const fallbackUrl = here.get('fallbackUrl');
  if (fallbackUrl && isAllowedFallbackUrl(fallbackUrl, fallbackHosts)) {
    extra.set('fallbackUrl', fallbackUrl);
  }
  const query = extra.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** Where the SSO sign-in of this suite starts, or null when the account does not use SSO. */
export function ssoHrefOf(suite: TSsoSuite, fallbackHosts: readonly string[]): string | null {
  return suite.ssoSuitable && suite.redirectUrl ? signInHref(suite.redirectUrl, fallbackHosts) : null;
}

/** `?ssoRedirect=true`: goes straight to the identity provider when the account uses SSO (else stays). */
export async function redirectIfSso(
  accountName: string,
  fallbackHosts: readonly string[],
  isCancelled: () => boolean,
): Promise<void> {
  const suite = await lookupSsoSuite(accountName).catch(() => null);
  const href = suite ? ssoHrefOf(suite, fallbackHosts) : null;
  if (href && !isCancelled()) window.location.assign(href);
}

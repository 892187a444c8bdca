/**
 * Rules of the single sign-on configuration form (spec section 5 "SSO URLs start with http:// or
 * {host}"): identity-provider addresses are absolute http(s) URLs. A module of its own so that
 * the login page does not carry it.
 */

/** An absolute http:// or https:// URL: a host name, IPv4 or [IPv6] host, optional port and path. */
export const ssoUrlPattern =
  /^https?:\/\/([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/** Whether `value` is an acceptable identity-provider address. */
export function isSsoUrl(value: string): boolean {
  return ssoUrlPattern.test(value.trim());
}

/** Whether the scopes (space-separated) include `openid`, as OpenID Connect requires. */
export function hasOpenidScope(scopes: string): boolean {
  return scopes.trim().split(/\s+/).includes('openid');
}

/**
 * The host of an absolute http(s) URL, lower-cased, or null when the URL is not one or hides its
 * host (user info, backslashes, white space or control characters).
 */
export function fallbackHostOf(value: string): string | null {
  const hasControl = [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (hasControl || /[\s\\]/.test(value)) return null;
  const match = /^https?:\/\/([^/?#]*)/i.exec(value);
  const authority = match?.[1];
  if (!authority || authority.includes('@')) return null;
  const host = authority.replace(/:\d{1,5}$/, '').toLowerCase();
  return /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(host) ? host : null;
}

/**
 * Whether a fallback URL (spec section 4 "Login": after success, redirect there with the token
 * appended) may receive the token: its host is on the configured allow-list, where `*.example.com`
 * allows every sub-domain of example.com.
 */
export function isAllowedFallbackUrl(value: string, allowedHosts: readonly string[]): boolean {
  const host = fallbackHostOf(value);
  if (host === null) return false;
  return allowedHosts.some((allowed) => {
    const name = allowed.trim().toLowerCase();
    return name.startsWith('*.')
      ? host.endsWith(name.slice(1)) && host.length > name.length - 1
      : host === name;
  });
}

/** The URL with `token=` appended to its query (before any fragment). */
export function withToken(url: string, token: string): string {
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}token=${encodeURIComponent(token)}${fragment}`;
}

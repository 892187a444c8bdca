/** Reads and writes document cookies (values URI-encoded). */

export type TCookieOptions = {
  /** Lifetime in days; a session cookie when omitted. */
  days?: number;
  path?: string;
};

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function setCookie(name: string, value: string, options: TCookieOptions = {}): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${options.path ?? '/'}; SameSite=Lax`;
  if (options.days !== undefined) {
    const expires = new Date(Date.now() + options.days * 24 * 60 * 60 * 1000);
    cookie += `; expires=${expires.toUTCString()}; max-age=${Math.round(options.days * 24 * 60 * 60)}`;
  }
  if (location.protocol === 'https:') cookie += '; Secure';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers
  document.cookie = cookie;
}

export function deleteCookie(name: string, path = '/'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0`;
}

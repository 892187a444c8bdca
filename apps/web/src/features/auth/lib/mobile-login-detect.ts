/**
 * Whether /login shows the simplified mobile login (spec section 2 "Login"): a phone (a mobile
 * user agent, or a narrow touch screen) on a host the deployment names (`mobileLoginHosts`, where
 * `*.example.com` covers the sub-domains), or any device when the address names faceRecognition.
 * Small on purpose: it is part of the login page's first load.
 */

/** Whether `host` (no port) is one of `hosts`. */
export function isListedHost(host: string, hosts: readonly string[]): boolean {
  const h = host.toLowerCase();
  return hosts.some((name) =>
    name.startsWith('*.') ? h.endsWith(name.slice(1)) && h.length > name.length - 1 : h === name,
  );
}

/** Whether the current page shows the mobile login. */
export function isMobileLoginHere(hosts: readonly string[]): boolean {
  const { pathname, search, hostname } = window.location;
  return (
    /faceRecognition/i.test(pathname + search) ||
    ((/Mobi|Android|iP(hone|ad|od)/i.test(navigator.userAgent) ||
      matchMedia('(pointer:coarse) and (max-width:767px)').matches) &&
      isListedHost(hostname, hosts))
  );
}

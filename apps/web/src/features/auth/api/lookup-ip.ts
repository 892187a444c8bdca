/** The external public-IP lookup of the meta (`ipLookupUrl`), answering `{ ip }`; failure ignored. */

export async function lookupPublicIp(url: string, timeoutMs = 3000): Promise<string | null> {
  try {
    const res = await fetch(url, {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    const ip = typeof body === 'object' && body !== null ? (body as { ip?: unknown }).ip : null;
    return typeof ip === 'string' && ip.length <= 64 ? ip : null;
  } catch {
    return null;
  }
}

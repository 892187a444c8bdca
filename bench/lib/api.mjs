// A small client of the console API for the benchmarks' set-up and checks.

export const langHeaders = { 'cz-lang': 'en-US' };

/** Calls an API route; answers { status, body (parsed JSON or text), ms }. */
export async function call(base, method, path, { token = null, body, query, timeoutMs = 30_000 } = {}) {
  const url = new URL(path, base);
  if (query) for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const headers = { ...langHeaders };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed, ms: performance.now() - started, headers: res.headers };
}

/** Calls a route and throws unless it answers code 0; answers `data`. */
export async function ok(base, method, path, options) {
  const r = await call(base, method, path, options);
  if (r.status !== 200 || typeof r.body !== 'object' || r.body?.code !== 0) {
    throw new Error(`${method} ${path}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  }
  return r.body.data;
}

/** Signs in and answers the session token. */
export async function login(base, accountDisplayName, username, password) {
  const data = await ok(base, 'POST', '/api/login', { body: { accountDisplayName, username, password } });
  if (!data?.token) throw new Error(`login ${username}: no token (${JSON.stringify(data).slice(0, 200)})`);
  return data.token;
}

// Where the integration and browser tests keep their databases (decision 0029): the PostgreSQL
// server named by TEST_DATABASE_URL when it is set; otherwise a PostgreSQL server at the usual
// local address when one answers there and lets the caller create databases; otherwise the
// in-memory PGlite. The tests run several times faster on a server than on PGlite, so a fresh
// machine that has one uses it without being told. A pure decision over what a probe found, so
// that it can be tested without the machine.

export const localHost = '127.0.0.1';
export const localPort = 5432;

/**
 * The addresses to try, in order: the role named by PGUSER (else the login name), then the
 * `postgres` role, each on the `postgres` database of the local server.
 * @param {{ PGUSER?: string | undefined }} env @param {string} loginName @returns {string[]}
 */
export function localCandidates(env, loginName) {
  const roles = [env.PGUSER || loginName, 'postgres'].filter(
    (role, i, all) => role && all.indexOf(role) === i,
  );
  return roles.map((role) => `postgres://${encodeURIComponent(role)}@${localHost}:${localPort}/postgres`);
}

/** The address without its password, for the output. @param {string} url */
export function withoutPassword(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an address that is not a URL)';
  }
}

/**
 * @typedef {{ ok: true } | { ok: false, reason: string }} TProbe
 * @typedef {{ kind: 'server', url: string, line: string } | { kind: 'pglite', line: string }} TChoice
 */

/**
 * Chooses the tests' database. `probe(url)` answers whether a server answers at `url` and lets
 * its role create databases.
 * @param {{ env: { TEST_DATABASE_URL?: string, PGUSER?: string }, loginName: string,
 *   probe: (url: string) => Promise<TProbe> }} input
 * @returns {Promise<TChoice>}
 */
export async function chooseTestDatabase({ env, loginName, probe }) {
  if (env.TEST_DATABASE_URL) {
    return {
      kind: 'server',
      url: env.TEST_DATABASE_URL,
      line: `Test databases: on the PostgreSQL server of TEST_DATABASE_URL (${withoutPassword(env.TEST_DATABASE_URL)}).`,
    };
  }
  const reasons = [];
  for (const url of localCandidates(env, loginName)) {
    const found = await probe(url);
    if (found.ok) {
      return {
        kind: 'server',
        url,
        line: `Test databases: on the PostgreSQL server that answers at ${url} (set TEST_DATABASE_URL to choose another).`,
      };
    }
    reasons.push(`${new URL(url).username}: ${found.reason}`);
    // Nothing listens there: no other role will do better.
    if (/ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|timeout/i.test(found.reason)) break;
  }
  return {
    kind: 'pglite',
    line: `Test databases: in-memory PGlite, slower (no PostgreSQL server usable at ${localHost}:${localPort}: ${reasons.join('; ')}). Set TEST_DATABASE_URL to use a server elsewhere.`,
  };
}

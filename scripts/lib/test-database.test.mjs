import { describe, expect, it } from 'vitest';
import { chooseTestDatabase, localCandidates, withoutPassword } from './test-database.mjs';

/** A probe that answers from a table of addresses, and records what it was asked. */
function probeOf(answers) {
  const asked = [];
  const probe = async (url) => {
    asked.push(url);
    return answers[url] ?? { ok: false, reason: 'connect ECONNREFUSED 127.0.0.1:5432' };
  };
  return { probe, asked };
}

const asRoot = 'postgres://root@127.0.0.1:5432/postgres';
const asPostgres = 'postgres://postgres@127.0.0.1:5432/postgres';

describe('where the tests keep their databases', () => {
  it('takes TEST_DATABASE_URL when it is set, without probing, and never prints its password', async () => {
    const { probe, asked } = probeOf({});
    const choice = await chooseTestDatabase({
      env: { TEST_DATABASE_URL: 'postgres://ci:s3cret@db.internal:5432/postgres' },
      loginName: 'root',
      probe,
    });
    expect(choice).toMatchObject({ kind: 'server', url: 'postgres://ci:s3cret@db.internal:5432/postgres' });
    expect(choice.line).toContain('TEST_DATABASE_URL');
    expect(choice.line).not.toContain('s3cret');
    expect(asked).toEqual([]);
  });

  it('uses a local server that answers, as the login name', async () => {
    const { probe } = probeOf({ [asRoot]: { ok: true } });
    const choice = await chooseTestDatabase({ env: {}, loginName: 'root', probe });
    expect(choice).toMatchObject({ kind: 'server', url: asRoot });
    expect(choice.line).toContain('127.0.0.1:5432');
  });

  it('tries PGUSER first, then the postgres role', async () => {
    const { probe, asked } = probeOf({
      'postgres://ci@127.0.0.1:5432/postgres': { ok: false, reason: 'role "ci" does not exist' },
      [asPostgres]: { ok: true },
    });
    const choice = await chooseTestDatabase({ env: { PGUSER: 'ci' }, loginName: 'root', probe });
    expect(asked).toEqual(['postgres://ci@127.0.0.1:5432/postgres', asPostgres]);
    expect(choice).toMatchObject({ kind: 'server', url: asPostgres });
  });

  it('falls back to PGlite when no server listens, and says why', async () => {
    const { probe, asked } = probeOf({});
    const choice = await chooseTestDatabase({ env: {}, loginName: 'dev', probe });
    expect(choice.kind).toBe('pglite');
    expect(choice.line).toContain('PGlite');
    expect(choice.line).toContain('ECONNREFUSED');
    // Nothing listens: the second role is not tried.
    expect(asked).toHaveLength(1);
  });

  it('falls back to PGlite when no role may create databases', async () => {
    const { probe } = probeOf({
      'postgres://dev@127.0.0.1:5432/postgres': { ok: false, reason: 'role "dev" may not create databases' },
      [asPostgres]: { ok: false, reason: 'password authentication failed for user "postgres"' },
    });
    const choice = await chooseTestDatabase({ env: {}, loginName: 'dev', probe });
    expect(choice.kind).toBe('pglite');
    expect(choice.line).toContain('may not create databases');
    expect(choice.line).toContain('password authentication failed');
  });

  it('names each role once', () => {
    expect(localCandidates({}, 'postgres')).toEqual([asPostgres]);
    expect(localCandidates({ PGUSER: 'a b' }, 'root')).toEqual([
      'postgres://a%20b@127.0.0.1:5432/postgres',
      asPostgres,
    ]);
  });

  it('hides a password in what it prints', () => {
    expect(withoutPassword('postgres://u:pw@h:1/d')).toBe('postgres://u:***@h:1/d');
    expect(withoutPassword('not a url')).not.toContain('not a url');
  });
});

/**
 * SCIM 2.0 (decision 0031) against a real database: the examples of RFC 7644 (create, get, filter,
 * replace, patch, delete, errors), discovery, ETags, the token rules, and the audit entries with
 * the SCIM token as the actor.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, envelope } from '../../../test/harness';
import { auditEntries, scimTokens, users } from '../../db/schema';
import { createScimToken, json, patchOp, scimClient, scimWorld, type TScimWorld } from './scim-fixture';

let w: TScimWorld;
let token: { id: number; token: string };
let scim: ReturnType<typeof scimClient>;

beforeAll(async () => {
  w = await scimWorld();
  token = await createScimToken(w.t, w.adminToken, 'RFC client');
  scim = scimClient(w.t, 'demo', token.token);
});
afterAll(() => w.t.close());

const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';
const errorSchema = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 section 3.3's example, with a username the console's rule accepts. */
const bjensen = {
  schemas: [userSchema],
  userName: 'bjensen',
  externalId: 'bjensen-ext',
  name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
  emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
};

describe('Users, as RFC 7644 shows them', () => {
  let id: string;
  let version: string;

  it('creates a user: 201, Location, ETag and meta', async () => {
    const res = await scim('/Users', { method: 'POST', body: bjensen });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    const body = json(res);
    id = body.id as string;
    version = body.meta?.version as string;
    expect(res.headers.location).toBe(`https://console.example/scim/v2/demo/Users/${id}`);
    expect(res.headers.etag).toBe(version);
    expect(version).toMatch(/^W\/".+"$/);
    expect(body).toMatchObject({
      schemas: [userSchema],
      userName: 'bjensen',
      externalId: 'bjensen-ext',
      displayName: 'Ms. Barbara J Jensen III',
      active: true,
      emails: [{ value: 'bjensen@example.com', primary: true }],
      meta: { resourceType: 'User', location: res.headers.location },
    });
    // A regular user with a password nobody knows, not forced to reset it (they sign in by SSO).
    const [row] = await w.t.deps.db
      .select()
      .from(users)
      .where(eq(users.id, Number(id)));
    expect(row).toMatchObject({ kind: 'regular', mustResetPassword: false, externalId: 'bjensen-ext' });
  });

  it('reads it, and answers 304 to If-None-Match of its version', async () => {
    const res = await scim(`/Users/${id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).userName).toBe('bjensen');
    expect(res.headers.etag).toBe(version);
    const again = await scim(`/Users/${id}`, { headers: { 'if-none-match': version } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('filters by userName (any case), emails.value and externalId, with and/or', async () => {
    const cases = [
      'userName eq "bjensen"',
      'userName eq "BJensen"',
      'emails.value eq "bjensen@example.com"',
      'emails[value eq "bjensen@example.com"]',
      'externalId eq "bjensen-ext"',
      'userName eq "bjensen" and externalId eq "bjensen-ext"',
      'userName eq "nobody_here" or externalId eq "bjensen-ext"',
    ];
    for (const filter of cases) {
      const res = await scim(`/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, filter).toBe(200);
      const body = json(res);
      expect(body, filter).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: 1,
        itemsPerPage: 1,
        startIndex: 1,
      });
      expect((body.Resources as { id: string }[])[0]?.id).toBe(id);
    }
    const none = json(await scim(`/Users?filter=${encodeURIComponent('userName eq "nobody_here"')}`));
    expect(none).toMatchObject({ totalResults: 0, itemsPerPage: 0, Resources: [] });
  });

  it('pages with startIndex and count', async () => {
    const all = json(await scim('/Users'));
    expect(all.totalResults).toBe(3); // the seeded administrator and member, and bjensen
    const second = json(await scim('/Users?startIndex=2&count=1'));
    expect(second).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 2 });
    const countOnly = json(await scim('/Users?count=0'));
    expect(countOnly).toMatchObject({ totalResults: 3, itemsPerPage: 0 });
  });

  it('replaces it with PUT (If-Match of the current version), and refuses a stale version with 412', async () => {
    const put = await scim(`/Users/${id}`, {
      method: 'PUT',
      headers: { 'if-match': version },
      body: { ...bjensen, displayName: 'Babs Jensen', title: 'Tour Guide' },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toMatchObject({ displayName: 'Babs Jensen', title: 'Tour Guide' });
    expect(put.headers.etag).not.toBe(version);
    const stale = await scim(`/Users/${id}`, {
      method: 'PUT',
      headers: { 'if-match': version },
      body: { ...bjensen, displayName: 'Stale' },
    });
    expect(stale.statusCode).toBe(412);
    expect(json(stale)).toMatchObject({ schemas: [errorSchema], status: '412' });
    version = put.headers.etag as string;
  });

  it('patches it (add, replace, remove with and without path)', async () => {
    const res = await scim(`/Users/${id}`, {
      method: 'PATCH',
      headers: { 'if-match': version },
      body: patchOp(
        { op: 'replace', path: 'displayName', value: 'Barbara' },
        { op: 'add', value: { title: 'Guide' } },
        { op: 'remove', path: 'externalId' },
      ),
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ displayName: 'Barbara', title: 'Guide' });
    expect(body.externalId).toBeUndefined();
    const stale = await scim(`/Users/${id}`, {
      method: 'PATCH',
      headers: { 'if-match': version },
      body: patchOp({ op: 'replace', path: 'title', value: 'x' }),
    });
    expect(stale.statusCode).toBe(412);
  });

  it('deletes it (204): recoverable in the console, 404 to SCIM', async () => {
    const res = await scim(`/Users/${id}`, { method: 'DELETE' });
    expect(res.statusCode).toBe(204);
    const [row] = await w.t.deps.db
      .select()
      .from(users)
      .where(eq(users.id, Number(id)));
    expect(row?.deletedAt).not.toBeNull();
    expect((await scim(`/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(`/Users/${id}`, { method: 'DELETE' })).statusCode).toBe(404);
    const list = json(await scim(`/Users?filter=${encodeURIComponent('userName eq "bjensen"')}`));
    expect(list.totalResults).toBe(0);
  });

  it('audits every change with the SCIM token as the actor', async () => {
    const rows = await w.t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, w.demo.id), eq(auditEntries.objectId, id)))
      .orderBy(auditEntries.id);
    expect(rows.map((r) => r.action)).toEqual(['user.add', 'user.update', 'user.update', 'user.delete']);
    for (const row of rows) {
      expect(row.userId).toBeNull();
      expect(row.username).toBe('scim:RFC client');
      expect(row.info).toMatchObject({ scimClient: { id: token.id, name: 'RFC client' } });
    }
  });
});

describe('errors use the SCIM error schema, never a 500', () => {
  const expectError = async (res: Awaited<ReturnType<typeof scim>>, status: number, scimType?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = json(res);
    expect(body.schemas).toEqual([errorSchema]);
    expect(body.status).toBe(String(status));
    if (scimType) expect(body.scimType).toBe(scimType);
    expect(typeof body.detail).toBe('string');
  };

  it('a username that fails the console rule is 400 invalidValue, with the rule in the detail', async () => {
    const res = await scim('/Users', { method: 'POST', body: { ...bjensen, userName: 'alice@contoso.com' } });
    await expectError(res, 400, 'invalidValue');
    expect(json(res).detail).toMatch(/starts with a letter/);
  });

  it('a taken userName is 409 uniqueness (any case)', async () => {
    await expectError(
      await scim('/Users', { method: 'POST', body: { ...bjensen, userName: 'MEMBER_demo' } }),
      409,
      'uniqueness',
    );
  });

  it('bad filters, paths, values and bodies are 400', async () => {
    await expectError(await scim(`/Users?filter=${encodeURIComponent('userName eq')}`), 400, 'invalidFilter');
    await expectError(
      await scim(`/Users?filter=${encodeURIComponent('title co "x"')}`),
      400,
      'invalidFilter',
    );
    await expectError(
      await scim(`/Users?filter=${encodeURIComponent('nickName eq "x"')}`),
      400,
      'invalidFilter',
    );
    await expectError(await scim('/Users?startIndex=abc'), 400, 'invalidValue');
    await expectError(await scim('/Users', { method: 'POST', body: '{"userName":' }), 400, 'invalidSyntax');
    await expectError(await scim('/Users', { method: 'POST', body: [] }), 400, 'invalidSyntax');
    await expectError(
      await scim('/Users', {
        method: 'POST',
        body: { userName: 'valid_name', emails: [{ value: 'not-mail' }] },
      }),
      400,
      'invalidValue',
    );
    await expectError(
      await scim('/Users', { method: 'POST', body: { userName: 'valid_name', active: 'maybe' } }),
      400,
      'invalidValue',
    );
    const member = String(w.demo.member.id);
    await expectError(
      await scim(`/Users/${member}`, {
        method: 'PATCH',
        body: patchOp({ op: 'move', path: 'title', value: 'x' }),
      }),
      400,
      'invalidSyntax',
    );
    await expectError(
      await scim(`/Users/${member}`, { method: 'PATCH', body: patchOp({ op: 'remove' }) }),
      400,
      'noTarget',
    );
    await expectError(
      await scim(`/Users/${member}`, {
        method: 'PATCH',
        body: patchOp({ op: 'replace', path: 'id', value: '1' }),
      }),
      400,
      'mutability',
    );
    await expectError(
      await scim(`/Users/${member}`, {
        method: 'PATCH',
        body: patchOp({ op: 'replace', path: 'userName', value: 'renamed_user' }),
      }),
      400,
      'mutability',
    );
    await expectError(
      await scim(`/Users/${member}`, {
        method: 'PATCH',
        body: patchOp({
          op: 'replace',
          path: 'emails[type eq "home" and value co "x"].value',
          value: 'a@b.c',
        }),
      }),
      400,
    );
    await expectError(
      await scim(`/Users/${member}`, { method: 'PATCH', body: { Operations: 'x' } }),
      400,
      'invalidSyntax',
    );
    await expectError(await scim('/Users/abc'), 404);
    await expectError(await scim('/Users/999999999'), 404);
    await expectError(await scim(`/Users/${w.acme.member.id}`), 404);
    await expectError(await scim('/Nothing'), 404);
    await expectError(await scim('/Bulk', { method: 'POST', body: {} }), 501);
    const text = await w.t.app.inject({
      method: 'POST',
      url: '/scim/v2/demo/Users',
      headers: { authorization: `Bearer ${token.token}`, 'content-type': 'text/plain' },
      payload: 'x',
    });
    await expectError(text, 415);
  });

  it('odd input is a 4xx with the error schema, never a 500', async () => {
    const member = `/Users/${w.demo.member.id}`;
    const group = `/Groups/${w.demo.roleIds.account_member}`;
    const odd: [string, Parameters<typeof scim>[1]][] = [
      ['/Users?count=-5&startIndex=-3', {}],
      ['/Users?count=99999999999', {}],
      [`/Users?filter=${encodeURIComponent('((((userName eq "a"))))')}`, {}],
      [`/Users?filter=${encodeURIComponent('not (userName eq "a")')}`, {}],
      [`/Users?filter=${encodeURIComponent('active eq "yes"')}`, {}],
      [`/Users?filter=${encodeURIComponent('userName eq 5')}`, {}],
      [`/Users?filter=${encodeURIComponent('emails[type eq "work"]')}`, {}],
      ['/Users?attributes=userName&excludedAttributes=emails', {}],
      ['/Users', { method: 'POST', body: 'null' }],
      ['/Users', { method: 'POST', body: { userName: 12345 } }],
      ['/Users', { method: 'POST', body: { userName: 'odd_user_one', emails: 'x@y.z' } }],
      ['/Users', { method: 'POST', body: { userName: 'odd_user_two', name: 'Odd' } }],
      ['/Users', { method: 'POST', body: { userName: 'odd_user_3', displayName: 'x'.repeat(65) } }],
      [member, { method: 'PUT', body: { userName: 42 } }],
      [member, { method: 'PATCH', body: patchOp({ op: 'add', path: 'emails', value: 'plain' }) }],
      [member, { method: 'PATCH', body: patchOp({ op: 'replace', path: 'name.familyName.x', value: 'x' }) }],
      [member, { method: 'PATCH', body: patchOp({ op: 'replace', path: 'emails[type eq', value: 'x' }) }],
      [
        member,
        {
          method: 'PATCH',
          body: patchOp({ op: 'replace', path: 'emails[type eq "work"]', value: { value: 'bad' } }),
        },
      ],
      [member, { method: 'PATCH', body: patchOp({ op: 'replace', value: 'not an object' }) }],
      [member, { method: 'PATCH', body: patchOp(null) }],
      [member, { method: 'PATCH', body: { schemas: ['urn:other'], Operations: [] } }],
      [group, { method: 'PATCH', body: patchOp({ op: 'add', path: 'members', value: null }) }],
      [group, { method: 'PATCH', body: patchOp({ op: 'add', path: 'members', value: [{ value: 'abc' }] }) }],
      [
        group,
        { method: 'PATCH', body: patchOp({ op: 'add', path: 'members', value: [{ value: { x: 1 } }] }) },
      ],
      [group, { method: 'PUT', body: { displayName: 'Account member', members: 'all' } }],
      [group, { method: 'PUT', body: { displayName: 5 } }],
      ['/Groups', { method: 'POST', body: {} }],
      ['/Groups', { method: 'POST', body: { displayName: ['x'] } }],
      [`/Groups?filter=${encodeURIComponent('members.value eq "x"')}`, {}],
    ];
    for (const [path, call] of odd) {
      const res = await scim(path, call);
      expect(res.statusCode, `${call?.method ?? 'GET'} ${path}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(json(res).schemas, path).toEqual([errorSchema]);
    }
  });

  it('application/json is accepted as well', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/scim/v2/demo/Users',
      headers: { authorization: `Bearer ${token.token}`, 'content-type': 'application/json' },
      payload: { userName: 'json_client', emails: [{ value: 'json@example.com' }] },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('discovery', () => {
  it('ServiceProviderConfig says what is supported', async () => {
    const res = await scim('/ServiceProviderConfig');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
  });

  it('ResourceTypes and Schemas, as lists and one by one', async () => {
    const types = json(await scim('/ResourceTypes'));
    expect((types.Resources as { id: string }[]).map((r) => r.id)).toEqual(['User', 'Group']);
    expect(json(await scim('/ResourceTypes/Group')).endpoint).toBe('/Groups');
    const list = json(await scim('/Schemas'));
    expect(list.totalResults).toBe(2);
    const user = json(await scim(`/Schemas/${userSchema}`));
    expect((user.attributes as { name: string }[]).map((a) => a.name)).toContain('userName');
    expect((await scim('/Schemas/urn:nothing')).statusCode).toBe(404);
  });
});

describe('tokens', () => {
  it('answers 401 without a token, with an unknown one, or with a revoked one', async () => {
    expect((await scim('/Users', { token: null })).statusCode).toBe(401);
    const unknown = await scim('/Users', { token: 'scim_unknown' });
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown).schemas).toEqual([errorSchema]);
    expect(unknown.headers['www-authenticate']).toMatch(/^Bearer/);
    const spare = await createScimToken(w.t, w.adminToken, 'Spare');
    expect((await scim('/Users', { token: spare.token })).statusCode).toBe(200);
    const revoke = await w.t.app.inject({
      method: 'POST',
      url: '/api/portal/sso/scim/tokens/revoke',
      headers: bearer(w.adminToken),
      payload: { id: spare.id },
    });
    expect(envelope(revoke).code).toBe(0);
    expect((await scim('/Users', { token: spare.token })).statusCode).toBe(401);
  });

  it("answers 404 to a token on another account's path; the account name is read in any case", async () => {
    expect((await scimClient(w.t, 'acme', token.token)('/Users')).statusCode).toBe(404);
    expect((await scimClient(w.t, 'DEMO', token.token)('/Users')).statusCode).toBe(200);
  });

  it('lists tokens (never the token), records their use, and keeps only a digest', async () => {
    const res = await w.t.app.inject({ url: '/api/portal/sso/scim/tokens', headers: bearer(w.adminToken) });
    const body = envelope<{ baseUrl: string; list: Record<string, unknown>[] }>(res);
    expect(body.data.baseUrl).toBe('https://console.example/scim/v2/demo');
    const item = body.data.list.find((t) => t.id === token.id);
    expect(item).toMatchObject({
      name: 'RFC client',
      createdBy: 'admin_demo',
      revokedAt: null,
      lastUsedIp: '127.0.0.1',
    });
    expect(item?.lastUsedAt).not.toBeNull();
    expect(res.body).not.toContain(token.token);
    expect(token.token.startsWith(item?.prefix as string)).toBe(true);
    const [row] = await w.t.deps.db.select().from(scimTokens).where(eq(scimTokens.id, token.id));
    expect(row?.tokenHash.toString('hex')).not.toContain(Buffer.from(token.token).toString('hex'));
    const audits = await w.t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, w.demo.id), eq(auditEntries.action, 'scim.tokenCreate')));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audits)).not.toContain(token.token);
  });

  it('members cannot manage tokens; another account cannot revoke this one', async () => {
    const member = await w.t.app.inject({
      method: 'POST',
      url: '/api/portal/user/getCurrentUser',
      headers: bearer(w.adminToken),
    });
    expect(envelope(member).code).toBe(0);
    const { signIn } = await import('../../../test/harness');
    const memberSession = await signIn(w.t.app, 'demo', w.demo.member);
    const list = await w.t.app.inject({ url: '/api/portal/sso/scim/tokens', headers: bearer(memberSession) });
    expect(envelope(list).code).not.toBe(0);
    const acmeSession = await signIn(w.t.app, 'acme', w.acme.admin);
    const revoke = await w.t.app.inject({
      method: 'POST',
      url: '/api/portal/sso/scim/tokens/revoke',
      headers: bearer(acmeSession),
      payload: { id: token.id },
    });
    expect(revoke.statusCode).toBe(403);
    expect((await scim('/Users')).statusCode).toBe(200);
  });
});

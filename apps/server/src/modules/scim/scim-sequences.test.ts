/**
 * The request sequences that Microsoft Entra ID and Okta send to a SCIM 2.0 service (their public
 * provisioning guides), `active: false` ending the user's sessions at once, and groups as roles
 * under the last-administrator rule (decision 0031).
 */
import { ErrorCode } from '@console/contract/codes';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, envelope, mintSession } from '../../../test/harness';
import { auditEntries, sessions, userRoles, users } from '../../db/schema';
import { createScimToken, json, patchOp, scimClient, scimWorld, type TScimWorld } from './scim-fixture';

let w: TScimWorld;
let scim: ReturnType<typeof scimClient>;

beforeAll(async () => {
  w = await scimWorld();
  const token = await createScimToken(w.t, w.adminToken, 'Provisioning');
  scim = scimClient(w.t, 'demo', token.token);
});
afterAll(() => w.t.close());

const coreUser = 'urn:ietf:params:scim:schemas:core:2.0:User';
const enterpriseUser = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const coreGroup = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const filterOf = (filter: string) => encodeURIComponent(filter);

async function isLive(token: string): Promise<number> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/portal/user/getCurrentUser',
    headers: bearer(token),
  });
  return envelope(res).code;
}

async function rolesOf(userId: number): Promise<number[]> {
  const rows = await w.t.deps.db.select().from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.roleId).sort();
}

describe('Microsoft Entra ID', () => {
  let id: string;

  it('looks the user up, creates it, and finds it by userName and externalId', async () => {
    const lookup = await scim(`/Users?filter=${filterOf('userName eq "Test_User_dfeef4c5"')}`);
    expect(lookup.statusCode).toBe(200);
    expect(json(lookup)).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await scim('/Users', {
      method: 'POST',
      body: {
        schemas: [coreUser, enterpriseUser],
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        userName: 'Test_User_dfeef4c5',
        active: true,
        emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b@testuser.com' }],
        meta: { resourceType: 'User' },
        name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
        roles: [],
        [enterpriseUser]: { department: 'R&D' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    id = json(created).id as string;
    expect(json(created)).toMatchObject({
      userName: 'Test_User_dfeef4c5',
      displayName: 'givenName familyName',
      emails: [{ value: 'test_user_fd0ea19b@testuser.com' }],
    });
    for (const filter of [
      'userName eq "Test_User_dfeef4c5"',
      'externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"',
    ]) {
      const found = json(await scim(`/Users?filter=${filterOf(filter)}`));
      expect(found.totalResults, filter).toBe(1);
    }
    // A second POST of the same userName: 409.
    const again = await scim('/Users', {
      method: 'POST',
      body: { schemas: [coreUser], userName: 'test_user_DFEEF4C5' },
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).scimType).toBe('uniqueness');
  });

  it('updates with several Replace operations (capitalised), incl. emails[type eq "work"].value and name.givenName', async () => {
    const res = await scim(`/Users/${id}`, {
      method: 'PATCH',
      body: patchOp(
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Replace', path: 'name.givenName', value: 'updatedGivenName' },
        { op: 'Replace', path: 'displayName', value: 'Updated Name' },
        { op: 'Add', path: 'title', value: 'Product Manager' },
        { op: 'Replace', path: 'phoneNumbers[type eq "mobile"].value', value: '+86 139 0000 0009' },
        { op: 'Replace', path: `${enterpriseUser}:department`, value: 'Sales' },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      displayName: 'Updated Name',
      title: 'Product Manager',
      emails: [{ value: 'updatedemail@microsoft.com' }],
      phoneNumbers: [{ value: '+86 13900000009' }],
    });
  });

  it('disables with {"op":"Replace","path":"active","value":"False"}, ending the sessions at once (4004)', async () => {
    const session = await mintSession(w.t.deps, w.demo.id, Number(id));
    expect(await isLive(session)).toBe(ErrorCode.ok);
    const res = await scim(`/Users/${id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Replace', path: 'active', value: 'False' }),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).active).toBe(false);
    expect(await isLive(session)).toBe(ErrorCode.sessionRevoked);
    const [row] = await w.t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, Number(id)));
    expect(row?.revokeReason).toBe('deprovisioned');
    const [audit] = await w.t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'user.disable'), eq(auditEntries.objectId, id)));
    expect(audit).toMatchObject({ userId: null, username: 'scim:Provisioning' });
    expect(audit?.info).toMatchObject({ endedSessions: 1, reason: 'deprovisioned' });
    const enabled = await scim(`/Users/${id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Replace', path: 'active', value: 'True' }),
    });
    expect(json(enabled).active).toBe(true);
  });

  it('links a group to a role, adds members, and removes them both ways', async () => {
    const lookup = await scim(
      `/Groups?excludedAttributes=members&filter=${filterOf('displayName eq "Account member"')}`,
    );
    expect(json(lookup).totalResults).toBe(1);
    expect((json(lookup).Resources as Record<string, unknown>[])[0]?.members).toBeUndefined();
    const created = await scim('/Groups', {
      method: 'POST',
      body: {
        schemas: [coreGroup],
        externalId: 'entra-group-1',
        displayName: 'Account member',
        meta: { resourceType: 'Group' },
        members: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = json(created);
    expect(group).toMatchObject({ id: String(w.demo.roleIds.account_member), externalId: 'entra-group-1' });
    expect(created.headers.location).toMatch(/\/Groups\/\d+$/);
    // The account's built-in member role already holds every user Entra created here.
    const reviewer = json(
      await scim('/Users', { method: 'POST', body: { schemas: [coreUser], userName: 'entra_reviewer' } }),
    ).id as string;
    const removed = await scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Remove', path: `members[value eq "${reviewer}"]` }),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((json(removed).members as { value: string }[]).map((m) => m.value)).not.toContain(reviewer);
    const added = await scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Add', path: 'members', value: [{ $ref: null, value: reviewer }] }),
    });
    expect((json(added).members as { value: string }[]).map((m) => m.value)).toContain(reviewer);
    const removedByValue = await scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'Remove', path: 'members', value: [{ value: reviewer }] }),
    });
    expect((json(removedByValue).members as { value: string }[]).map((m) => m.value)).not.toContain(reviewer);
    const unknownName = await scim('/Groups', {
      method: 'POST',
      body: { schemas: [coreGroup], displayName: 'Finance' },
    });
    expect(unknownName.statusCode).toBe(400);
    expect(json(unknownName).detail).toMatch(/does not create roles/);
  });

  it('deletes the user (204)', async () => {
    expect((await scim(`/Users/${id}`, { method: 'DELETE' })).statusCode).toBe(204);
    expect((await scim(`/Users/${id}`)).statusCode).toBe(404);
  });
});

describe('Okta', () => {
  let id: string;
  const oktaUser = {
    schemas: [coreUser],
    userName: 'okta_dev_user',
    name: { givenName: 'Okta', familyName: 'User' },
    emails: [{ primary: true, value: 'okta.user@example.com', type: 'work' }],
    displayName: 'Okta User',
    locale: 'en-US',
    externalId: '00ujl29u0le5T6Aj10h7',
    groups: [],
    password: 'Not@Kept2026',
    active: true,
  };

  it('looks up with startIndex=1&count=100, creates, and reads', async () => {
    const lookup = await scim(
      `/Users?filter=${filterOf('userName eq "okta_dev_user"')}&startIndex=1&count=100`,
    );
    expect(json(lookup)).toMatchObject({ totalResults: 0, startIndex: 1, itemsPerPage: 0 });
    const created = await scim('/Users', { method: 'POST', body: oktaUser });
    expect(created.statusCode, created.body).toBe(201);
    id = json(created).id as string;
    expect(JSON.stringify(json(created))).not.toContain('Not@Kept2026');
    expect(json(await scim(`/Users/${id}`)).userName).toBe('okta_dev_user');
  });

  it('replaces the full user with PUT', async () => {
    const res = await scim(`/Users/${id}`, {
      method: 'PUT',
      body: {
        ...oktaUser,
        id,
        displayName: 'Okta Renamed',
        emails: [{ primary: true, value: 'renamed@example.com', type: 'work' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      displayName: 'Okta Renamed',
      emails: [{ value: 'renamed@example.com' }],
    });
  });

  it('disables with {"op":"replace","value":{"active":false}}', async () => {
    const session = await mintSession(w.t.deps, w.demo.id, Number(id));
    const res = await scim(`/Users/${id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'replace', value: { id, active: false } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).active).toBe(false);
    expect(await isLive(session)).toBe(ErrorCode.sessionRevoked);
    const [row] = await w.t.deps.db
      .select()
      .from(users)
      .where(eq(users.id, Number(id)));
    expect(row?.isEnabled).toBe(false);
  });

  it('pushes a group: POST with members, then PATCH replace of members', async () => {
    const helper = json(
      await scim('/Users', { method: 'POST', body: { schemas: [coreUser], userName: 'okta_helper' } }),
    ).id as string;
    const created = await scim('/Groups', {
      method: 'POST',
      body: {
        schemas: [coreGroup],
        displayName: 'account_admin',
        members: [{ value: helper, display: 'okta_helper' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = json(created).id as string;
    expect(groupId).toBe(String(w.demo.roleIds.account_admin));
    expect(await rolesOf(Number(helper))).toEqual(
      [w.demo.roleIds.account_member, w.demo.roleIds.account_admin].sort(),
    );
    // A SCIM client is no user: its grants name nobody.
    const grantedBy = await w.t.deps.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, Number(helper)));
    expect(grantedBy.map((g) => g.grantedBy)).toEqual([null, null]);
    const replaced = await scim(`/Groups/${groupId}`, {
      method: 'PATCH',
      body: patchOp({ op: 'replace', path: 'members', value: [{ value: String(w.demo.admin.id) }] }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((json(replaced).members as { value: string }[]).map((m) => m.value)).toEqual([
      String(w.demo.admin.id),
    ]);
    expect(await rolesOf(Number(helper))).toEqual([w.demo.roleIds.account_member]);
    const grants = await w.t.deps.db
      .select()
      .from(auditEntries)
      .where(
        and(inArray(auditEntries.action, ['role.grant', 'role.revoke']), eq(auditEntries.objectId, helper)),
      )
      .orderBy(auditEntries.id);
    expect(grants.map((g) => [g.action, g.username, g.userId])).toEqual([
      ['role.grant', 'scim:Provisioning', null],
      ['role.revoke', 'scim:Provisioning', null],
    ]);
  });
});

describe('groups as roles', () => {
  const adminGroup = () => String(w.demo.roleIds.account_admin);

  it('the last administrator keeps the administrator group: 400 mutability', async () => {
    const res = await scim(`/Groups/${adminGroup()}`, {
      method: 'PATCH',
      body: patchOp({ op: 'remove', path: `members[value eq "${w.demo.admin.id}"]` }),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ scimType: 'mutability', status: '400' });
    expect(json(res).detail).toMatch(/last/);
    const disable = await scim(`/Users/${w.demo.admin.id}`, {
      method: 'PATCH',
      body: patchOp({ op: 'replace', path: 'active', value: false }),
    });
    expect(disable.statusCode).toBe(400);
    expect(json(disable).scimType).toBe('mutability');
    expect(await rolesOf(w.demo.admin.id)).toContain(w.demo.roleIds.account_admin);
  });

  it('with another administrator, the first can leave the group', async () => {
    const group = json(await scim(`/Groups/${adminGroup()}`));
    const added = await scim(`/Groups/${adminGroup()}`, {
      method: 'PATCH',
      headers: { 'if-match': group.meta?.version as string },
      body: patchOp({ op: 'add', path: 'members', value: [{ value: String(w.demo.member.id) }] }),
    });
    expect(added.statusCode, added.body).toBe(200);
    const stale = await scim(`/Groups/${adminGroup()}`, {
      method: 'PATCH',
      headers: { 'if-match': group.meta?.version as string },
      body: patchOp({ op: 'remove', path: `members[value eq "${w.demo.member.id}"]` }),
    });
    expect(stale.statusCode).toBe(412);
    const removed = await scim(`/Groups/${adminGroup()}`, {
      method: 'PATCH',
      headers: { 'if-match': added.headers.etag as string },
      body: patchOp({ op: 'remove', path: `members[value eq "${w.demo.admin.id}"]` }),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((json(removed).members as { value: string }[]).map((m) => m.value)).toEqual([
      String(w.demo.member.id),
    ]);
    // Back as it was, for the tests after this one.
    await scim(`/Groups/${adminGroup()}`, {
      method: 'PUT',
      body: {
        schemas: [coreGroup],
        displayName: 'Account administrator',
        members: [{ value: String(w.demo.admin.id) }],
      },
    });
    expect(await rolesOf(w.demo.member.id)).toEqual([w.demo.roleIds.account_member]);
  });

  it('roles are neither renamed nor deleted, and members must be users of the account', async () => {
    const rename = await scim(`/Groups/${adminGroup()}`, {
      method: 'PATCH',
      body: patchOp({ op: 'replace', path: 'displayName', value: 'Admins' }),
    });
    expect(json(rename).scimType).toBe('mutability');
    const del = await scim(`/Groups/${adminGroup()}`, { method: 'DELETE' });
    expect(del.statusCode).toBe(400);
    expect(json(del).scimType).toBe('mutability');
    const foreign = await scim(`/Groups/${adminGroup()}`, {
      method: 'PATCH',
      body: patchOp({ op: 'add', path: 'members', value: [{ value: String(w.acme.admin.id) }] }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).scimType).toBe('invalidValue');
    expect((await scim(`/Groups/${w.acme.roleIds.account_admin}`)).statusCode).toBe(404);
  });

  it('lists groups with filters and If-None-Match', async () => {
    const list = json(await scim('/Groups'));
    expect(list.totalResults).toBe(2);
    const byCode = json(await scim(`/Groups?filter=${filterOf('displayName eq "ACCOUNT_ADMIN"')}`));
    expect((byCode.Resources as { id: string }[])[0]?.id).toBe(adminGroup());
    const byMember = json(await scim(`/Groups?filter=${filterOf(`members.value eq "${w.demo.admin.id}"`)}`));
    expect(byMember.totalResults).toBe(2);
    const one = await scim(`/Groups/${adminGroup()}`);
    const cached = await scim(`/Groups/${adminGroup()}`, {
      headers: { 'if-none-match': one.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });
});

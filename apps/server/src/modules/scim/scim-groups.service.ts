/**
 * SCIM `Groups` (decision 0031): the account's roles. A group's id is the role's id, its
 * displayName the role's name, its members the regular users holding it. Members change under the
 * console's rules: the administrator group is `account_admin` (setAdmin: the last administrator
 * keeps it), a user who leaves another role keeps the member role. Roles are not created or
 * deleted through SCIM (the account's highest-id role is its administrator role, so a new role
 * would take that place): a POST names an existing role and links it to the provider's group.
 */

import type { TDb } from '../../db/client';
import { writeAudit } from '../audit';
import { deleteUserRole, grantRole } from '../user';
import { setAdmin } from '../user/role.service';
import {
  adminRoleId,
  lockTargets,
  memberRoleId,
  requireAdminsRemain,
  requireRoleHolder,
  syncUsers,
  userAudit,
} from '../user/user-rules.service';
import {
  findProvisionableIds,
  findScimRole,
  listRoleMembers,
  listScimRoles,
  setRoleExternalId,
  type TScimRoleRow,
} from './scim.repository';
import { ScimError, scimError } from './scim-errors';
import { parseFilter } from './scim-filter';
import { applyPatch } from './scim-patch';
import { groupResource, listResponse, projected } from './scim-resources';
import { pageOf, requireVersion, type TListQuery, type TScimContext } from './scim-users.service';

type TJson = Record<string, unknown>;

async function resourcesOf(db: TDb, ctx: TScimContext, rows: readonly TScimRoleRow[]) {
  const members = await listRoleMembers(
    db,
    ctx.auth.accountId,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    groupResource(
      row,
      members.filter((m) => m.roleId === row.id),
      ctx.baseUrl,
    ),
  );
}

export async function listGroups(ctx: TScimContext, query: TListQuery, maxResults: number) {
  const where = parseFilter(query.filter, 'Group');
  const page = pageOf(query, maxResults);
  const { total, rows } = await listScimRoles(ctx.deps.db, ctx.auth.accountId, where, page);
  const resources = await resourcesOf(ctx.deps.db, ctx, rows);
  return listResponse(
    resources.map((r) => projected(r, query.attributes, query.excludedAttributes)),
    total,
    page.startIndex,
  );
}

async function requireRole(db: TDb, ctx: TScimContext, id: string): Promise<TScimRoleRow> {
  const row = /^\d{1,15}$/.test(id) ? await findScimRole(db, ctx.auth.accountId, Number(id)) : null;
  if (!row) throw scimError.notFound('Group', id);
  return row;
}

async function groupOf(db: TDb, ctx: TScimContext, row: TScimRoleRow): Promise<TJson> {
  const [resource] = await resourcesOf(db, ctx, [row]);
  if (!resource) throw scimError.notFound('Group', String(row.id));
  return resource;
}

export async function getGroup(ctx: TScimContext, id: string): Promise<TJson> {
  return groupOf(ctx.deps.db, ctx, await requireRole(ctx.deps.db, ctx, id));
}

function field(object: unknown, name: string): unknown {
  if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined;
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (object as TJson)[key];
}

/** The member user ids of a representation. */
function memberIdsOf(resource: unknown): number[] {
  const members = field(resource, 'members');
  if (members === undefined || members === null) return [];
  if (!Array.isArray(members)) throw scimError.invalidValue('members must be a list');
  return [
    ...new Set(
      members.map((m) => {
        const value = field(m, 'value') ?? m;
        if (typeof value !== 'string' && typeof value !== 'number') {
          throw scimError.invalidValue('Each member has a value: the id of a user');
        }
        if (!/^\d{1,15}$/.test(String(value)))
          throw scimError.invalidValue(`Member ${String(value)} is not a user`);
        return Number(value);
      }),
    ),
  ];
}

function textOf(resource: unknown, name: string): string | null {
  const value = field(resource, name);
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw scimError.invalidValue(`${name} must be a string`);
  return value.trim();
}

/**
 * Writes a group's new representation in one transaction: its externalId, and its members (granted
 * and revoked one by one under the console's rules, each audited).
 */
async function saveGroup(
  ctx: TScimContext,
  db: TDb,
  role: TScimRoleRow,
  currentMembers: readonly number[],
  next: unknown,
): Promise<void> {
  const { auth, meta } = ctx;
  const now = ctx.deps.clock.now();
  const name = textOf(next, 'displayName');
  if (name !== null && name.toLowerCase() !== role.name.toLowerCase() && name.toLowerCase() !== role.code) {
    throw scimError.mutability(
      `displayName is the role's name "${role.name}"; roles are renamed in the console`,
    );
  }
  const externalId = textOf(next, 'externalId');
  if (externalId !== role.externalId) {
    await setRoleExternalId(db, auth.accountId, role.id, externalId);
    await writeAudit(db, {
      ...userAudit(auth, meta, now, 'role.linkGroup', { id: role.id, username: role.code }, { externalId }),
      objectType: 'role',
    });
  }
  const wanted = memberIdsOf(next);
  const known = new Set(await findProvisionableIds(db, auth.accountId, wanted));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw scimError.invalidValue(`Members ${unknown.join(', ')} are not users of the account`);
  const adding = wanted.filter((id) => !currentMembers.includes(id));
  const removing = currentMembers.filter((id) => !wanted.includes(id));
  if (adding.length + removing.length === 0) return;
  const isAdminRole = role.id === (await adminRoleId(db, auth.accountId));
  const member = await memberRoleId(db, auth.accountId);
  const targets = await lockTargets(db, auth.accountId, [...adding, ...removing]);
  if (isAdminRole) {
    // The console's rule, as the edit dialog keeps it: the last administrator keeps the role.
    // New administrators come first, so that a replacement of all of them can succeed.
    for (const target of targets.filter((t) => adding.includes(t.id)))
      await setAdmin(db, auth, target, true, meta, now);
    await requireAdminsRemain(db, auth.accountId, removing);
    for (const target of targets.filter((t) => removing.includes(t.id)))
      await setAdmin(db, auth, target, false, meta, now);
    return;
  }
  for (const target of targets) {
    requireRoleHolder(target);
    const grant = adding.includes(target.id);
    if (grant) {
      await grantRole(db, auth.accountId, target.id, role.id, null);
    } else {
      await deleteUserRole(db, target.id, role.id);
      if (member && member !== role.id) await grantRole(db, auth.accountId, target.id, member, null);
    }
    await writeAudit(
      db,
      userAudit(auth, meta, now, grant ? 'role.grant' : 'role.revoke', target, {
        roleId: role.id,
        role: role.code,
        isAdminRole: false,
      }),
    );
  }
  await syncUsers(
    db,
    auth.accountId,
    targets.map((t) => t.id),
    now,
  );
}

async function changeGroup(
  ctx: TScimContext,
  id: string,
  ifMatch: string | undefined,
  build: (current: TJson) => unknown,
): Promise<TJson> {
  await ctx.deps.db.transaction(async (tx) => {
    const role = await requireRole(tx, ctx, id);
    const current = await groupOf(tx, ctx, role);
    requireVersion(ifMatch, (current.meta as { version: string }).version);
    await saveGroup(ctx, tx, role, memberIdsOf(current), build(current));
  });
  return getGroup(ctx, id);
}

export function replaceGroup(ctx: TScimContext, id: string, body: unknown, ifMatch: string | undefined) {
  return changeGroup(ctx, id, ifMatch, () => body);
}

export function patchGroup(ctx: TScimContext, id: string, body: unknown, ifMatch: string | undefined) {
  return changeGroup(ctx, id, ifMatch, (current) => applyPatch(current, body));
}

/**
 * A POST names an existing role (its name or code, any case) and links it to the provider's group:
 * its externalId is kept and the members given are applied; 201 with the role. A name that is no
 * role is refused (roles are not created through SCIM); a role linked to another group is 409.
 */
export async function createGroup(ctx: TScimContext, body: unknown): Promise<TJson> {
  const name = textOf(body, 'displayName');
  if (!name) throw scimError.invalidValue('displayName is required');
  const { rows } = await listScimRoles(
    ctx.deps.db,
    ctx.auth.accountId,
    { op: 'eq', attr: 'displayName', value: name },
    { offset: 0, limit: 1 },
  );
  const role = rows[0];
  if (!role) {
    throw new ScimError(
      400,
      `No role is named "${name}": groups are the account's roles, and SCIM does not create roles. Name an existing role (for example account_admin or account_member).`,
      'invalidValue',
    );
  }
  const externalId = textOf(body, 'externalId');
  if (role.externalId && externalId && role.externalId !== externalId) {
    throw scimError.uniqueness(`The role "${role.name}" is already linked to another group`);
  }
  await ctx.deps.db.transaction(async (tx) => {
    const locked = await requireRole(tx, ctx, String(role.id));
    const current = await groupOf(tx, ctx, locked);
    const currentMembers = memberIdsOf(current);
    // Members given are added; members the role already has stay.
    const given = field(body, 'members');
    const next = {
      displayName: locked.name,
      externalId: externalId ?? locked.externalId,
      members: [
        ...currentMembers.map((value) => ({ value: String(value) })),
        ...(Array.isArray(given) ? given : []),
      ],
    };
    await saveGroup(ctx, tx, locked, currentMembers, next);
  });
  return getGroup(ctx, String(role.id));
}

/** Roles are not deleted through SCIM: every role of an account is one of its built-in roles. */
export async function deleteGroup(ctx: TScimContext, id: string): Promise<never> {
  const role = await requireRole(ctx.deps.db, ctx, id);
  throw scimError.mutability(
    `The role "${role.name}" is a built-in role of the account and cannot be deleted`,
  );
}

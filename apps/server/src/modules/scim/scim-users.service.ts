/**
 * SCIM `Users` (RFC 7644 section 3): the account's regular users, created, read, replaced, patched
 * and deleted by the identity provider under the console's rules (decision 0031). Each change runs
 * in one transaction with its audit entries, the SCIM token as the actor; `active: false` disables
 * the user and ends their sessions at once (reason `deprovisioned`: their holders are told 4004);
 * delete is the console's recoverable deletion.
 */
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { writeAudit } from '../audit';
import { revokeUserSessions } from '../auth';
import { grantRole, insertUser } from '../user';
import { unusablePasswordHash } from '../user/invitation.service';
import { deleteUsers } from '../user/user-removal.service';
import {
  lockTargets,
  memberRoleId,
  requireAdminsRemain,
  syncUsers,
  userAudit,
} from '../user/user-rules.service';
import {
  findScimUser,
  isUsernameHeld,
  listScimUsers,
  type TScimUserRow,
  type TScimUserValues,
  updateScimUser,
} from './scim.repository';
import { type ScimError, scimError } from './scim-errors';
import { parseFilter } from './scim-filter';
import { applyPatch } from './scim-patch';
import { listResponse, projected, userResource } from './scim-resources';
import { type TUserInput, userInputOf } from './scim-user-mapping';

/** What every SCIM operation is handed: the caller (the token, as an actor) and where it asked. */
export type TScimContext = { deps: TDeps; auth: TAuth; meta: TRequestMeta; baseUrl: string };

export type TListQuery = {
  filter?: string | undefined;
  startIndex?: string | undefined;
  count?: string | undefined;
  attributes?: string | undefined;
  excludedAttributes?: string | undefined;
};

/** Why a user's sessions end when the identity provider sets it inactive (session.service.ts). */
export const deprovisionedReason = 'deprovisioned';

/** `startIndex` (1-based) and `count` of a list request (RFC 7644 section 3.4.2.4). */
export function pageOf(
  query: TListQuery,
  maxResults: number,
): { startIndex: number; offset: number; limit: number } {
  const integer = (value: string | undefined, name: string, fallback: number) => {
    if (value === undefined || value === '') return fallback;
    if (!/^-?\d{1,9}$/.test(value.trim())) throw scimError.invalidValue(`${name} must be an integer`);
    return Number(value);
  };
  const startIndex = Math.max(1, integer(query.startIndex, 'startIndex', 1));
  const count = Math.min(maxResults, Math.max(0, integer(query.count, 'count', maxResults)));
  return { startIndex, offset: startIndex - 1, limit: count };
}

/** If-Match (RFC 7644 section 3.14): `*` or one of the listed versions, else 412. */
export function requireVersion(ifMatch: string | undefined, version: string): void {
  if (ifMatch === undefined) return;
  const strip = (v: string) => v.trim().replace(/^W\//, '');
  const wanted = ifMatch.split(',').map(strip);
  if (!wanted.includes('*') && !wanted.includes(strip(version))) throw scimError.preconditionFailed();
}

function idOf(id: string, what: string): number {
  if (!/^\d{1,15}$/.test(id)) throw scimError.notFound(what, id);
  return Number(id);
}

export async function listUsers(ctx: TScimContext, query: TListQuery, maxResults: number) {
  const where = parseFilter(query.filter, 'User');
  const page = pageOf(query, maxResults);
  const { total, rows } = await listScimUsers(ctx.deps.db, ctx.auth.accountId, where, page);
  const resources = rows.map((row) =>
    projected(userResource(row, ctx.baseUrl), query.attributes, query.excludedAttributes),
  );
  return listResponse(resources, total, page.startIndex);
}

async function requireUser(db: TDb, ctx: TScimContext, id: string): Promise<TScimUserRow> {
  const row = await findScimUser(db, ctx.auth.accountId, idOf(id, 'User'));
  if (!row) throw scimError.notFound('User', id);
  return row;
}

export async function getUser(ctx: TScimContext, id: string) {
  return userResource(await requireUser(ctx.deps.db, ctx, id), ctx.baseUrl);
}

function usernameTaken(username: string): ScimError {
  return scimError.uniqueness(`userName "${username}" is already used in the account`);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function createUser(ctx: TScimContext, body: unknown) {
  const input = userInputOf(body);
  const { deps, auth, meta } = ctx;
  if (await isUsernameHeld(deps.db, auth.accountId, input.username, null))
    throw usernameTaken(input.username);
  // Provisioned users sign in through single sign-on: a password nobody knows.
  const passwordHash = await unusablePasswordHash(deps);
  const now = deps.clock.now();
  try {
    const id = await deps.db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        accountId: auth.accountId,
        username: input.username,
        displayName: input.displayName,
        passwordHash,
        kind: 'regular',
        phone: input.phone,
        phoneCode: input.phoneCode,
        email: input.email,
        title: input.title,
        isEnabled: input.active ?? true,
        mustResetPassword: false,
      });
      if (input.externalId)
        await updateScimUser(tx, auth.accountId, id, { externalId: input.externalId }, now);
      const member = await memberRoleId(tx, auth.accountId);
      if (member) await grantRole(tx, auth.accountId, id, member, null);
      await writeAudit(
        tx,
        userAudit(
          auth,
          meta,
          now,
          'user.add',
          { id, username: input.username },
          {
            isAdmin: false,
            phone: input.phone !== null,
            email: input.email !== null,
            isEnabled: input.active ?? true,
          },
        ),
      );
      await syncUsers(tx, auth.accountId, [id], now);
      return id;
    });
    return userResource(await requireUser(deps.db, ctx, String(id)), ctx.baseUrl);
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken(input.username);
    throw error;
  }
}

/** The columns that change from `row` to `input` (userName never changes: it is immutable here). */
function changesOf(row: TScimUserRow, input: TUserInput): TScimUserValues {
  if (input.username.toLowerCase() !== row.username.toLowerCase()) {
    throw scimError.mutability(
      `userName is immutable here: the user is "${row.username}"; create a new user for "${input.username}"`,
    );
  }
  const changes: TScimUserValues = {};
  if (input.displayName !== row.displayName) changes.displayName = input.displayName;
  if (input.email !== row.email) changes.email = input.email;
  if (input.phone !== row.phone || (input.phone !== null && input.phoneCode !== row.phoneCode)) {
    changes.phone = input.phone;
    changes.phoneCode = input.phoneCode;
  }
  if (input.title !== row.title) changes.title = input.title;
  if (input.externalId !== row.externalId) changes.externalId = input.externalId;
  return changes;
}

/**
 * Writes a user's new representation: attributes, then `active`, each with its audit entry, in one
 * transaction; `build` makes the representation from the locked current one (PUT: the body; PATCH:
 * the patched resource).
 */
async function saveUser(
  ctx: TScimContext,
  id: string,
  ifMatch: string | undefined,
  build: (current: Record<string, unknown>) => unknown,
) {
  const { deps, auth, meta } = ctx;
  const userId = idOf(id, 'User');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await requireUser(tx, ctx, id);
    const [target] = await lockTargets(tx, auth.accountId, [userId]);
    if (!target) throw scimError.notFound('User', id);
    const current = userResource(row, ctx.baseUrl);
    requireVersion(ifMatch, (current.meta as { version: string }).version);
    const input = userInputOf(build(current));
    const changes = changesOf(row, input);
    const fields = Object.keys(changes).filter((f) => f !== 'phoneCode');
    if (fields.length > 0) {
      await updateScimUser(tx, auth.accountId, userId, changes, now);
      await writeAudit(tx, userAudit(auth, meta, now, 'user.update', target, { fields }));
    }
    const enable = input.active;
    const statusChanges = enable !== undefined && enable !== row.isEnabled;
    if (statusChanges) {
      if (!enable && target.isAdmin) await requireAdminsRemain(tx, auth.accountId, [userId]);
      await updateScimUser(tx, auth.accountId, userId, { isEnabled: enable }, now);
      const ended = enable ? 0 : await revokeUserSessions(tx, { userId, now, reason: deprovisionedReason });
      await writeAudit(
        tx,
        userAudit(auth, meta, now, enable ? 'user.enable' : 'user.disable', target, {
          endedSessions: ended,
          ...(enable ? {} : { reason: deprovisionedReason }),
        }),
      );
    }
    if (fields.length > 0 || statusChanges) await syncUsers(tx, auth.accountId, [userId], now);
  });
  return getUser(ctx, id);
}

export function replaceUser(ctx: TScimContext, id: string, body: unknown, ifMatch: string | undefined) {
  return saveUser(ctx, id, ifMatch, () => body);
}

export function patchUser(ctx: TScimContext, id: string, body: unknown, ifMatch: string | undefined) {
  return saveUser(ctx, id, ifMatch, (current) => applyPatch(current, body));
}

/** The console's recoverable deletion; afterwards the user is 404 to SCIM. */
export async function deleteUser(ctx: TScimContext, id: string, ifMatch: string | undefined): Promise<void> {
  const current = await getUser(ctx, id);
  requireVersion(ifMatch, (current.meta as { version: string }).version);
  await deleteUsers(ctx.deps, ctx.auth, [Number(current.id)], false, ctx.meta, 'regular');
}

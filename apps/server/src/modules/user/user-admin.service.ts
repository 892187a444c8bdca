/**
 * User management by account administrators (spec section 2 "User management", section 3 "User",
 * PRODUCT-FACTS "Users"): list, add, edit, enable and disable, delete (recoverable for a
 * configurable period, or for good), recover, reset another user's password. Each change runs in
 * one transaction with its audit entries; the last administrator can neither lose the role nor be
 * disabled or deleted; an id outside the session's account answers 403 and nothing changes.
 */
import type {
  TAddManagedUserBody,
  TAddUserBody,
  TCheckPropertiesResult,
  TOwnedResources,
  TUpdateUserResult,
  TUserList,
  TUserRow,
  TUserSyncStatus,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { checkEmail, checkPhone, maskEmail, maskPhone } from '@console/contract/contact-rules';
import { checkUsername } from '@console/contract/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { rowsOf, type TDb } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { translateError, translateValidation } from '../../i18n';
import { writeAudit } from '../audit';
import { revokeUserSessions } from '../auth';
import { requestContactChange } from '../contact-change/contact-change.service';
import { getPolicy, requireUnderPolicy } from '../password/password.service';
import { findInstances, markUsersForSync, userSyncState } from '../service';
import { enqueueUserRemoval, enqueueUserSync } from '../service/service.jobs';
import { emailTarget } from '../verification/code.service';
import { grantRole, insertUser } from './user.repository';
import {
  adminRoleId,
  listUsers,
  lockTargets,
  memberRoleId,
  requireAdminsRemain,
  type TListInput,
  type TTargetUser,
  type TUserListRaw,
} from './user-admin.repository';

const dayMs = 86_400_000;

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function rowOf(deps: TDeps, auth: TAuth, r: TUserListRaw, adminRole: number, reveal: boolean): TUserRow {
  const roles = parsed(r.roles).map((role) => ({ id: Number(role.id), code: role.code, name: role.name }));
  const pending = r.pending === null ? null : parsed(r.pending);
  const deletedAt = r.deleted_at === null ? null : new Date(r.deleted_at);
  const phone = (v: string | null) => (v === null ? null : reveal ? v : maskPhone(v));
  const email = (v: string | null) => (v === null ? null : reveal ? v : maskEmail(v));
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    username: r.username,
    displayName: r.display_name,
    phone: phone(r.phone),
    phoneCode: r.phone_code,
    email: email(r.email),
    title: r.title,
    remark: r.remark,
    kind: r.kind,
    serviceKind: r.service_kind,
    isAdmin: roles.some((role) => role.id === adminRole),
    roles,
    status: deletedAt ? 'deleted' : r.is_enabled ? 'enabled' : 'disabled',
    lastLoginTime: r.last_login_at === null ? null : iso(r.last_login_at),
    createTime: iso(r.created_at),
    pendingChange: pending
      ? {
          id: Number(pending.id),
          email: email(pending.email),
          phone: phone(pending.phone),
          expireTime: iso(pending.expireTime),
        }
      : null,
    deleteTime: deletedAt ? deletedAt.toISOString() : null,
    purgeTime: deletedAt
      ? new Date(deletedAt.getTime() + deps.config.userDeleteRetentionDays * dayMs).toISOString()
      : null,
    isSelf: Number(r.id) === auth.userId,
  };
}

export async function getUserList(
  deps: TDeps,
  auth: TAuth,
  input: Omit<TListInput, 'accountId' | 'now'> & { reveal?: boolean | undefined },
): Promise<TUserList> {
  const adminRole = await adminRoleId(deps.db, auth.accountId);
  const { rows, total } = await listUsers(deps.db, {
    ...input,
    accountId: auth.accountId,
    now: deps.clock.now(),
  });
  return {
    list: rows.map((r) => rowOf(deps, auth, r, adminRole, input.reveal === true)),
    total,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
    retentionDays: deps.config.userDeleteRetentionDays,
  };
}

export async function fetchUser(deps: TDeps, auth: TAuth, id: number): Promise<TUserRow> {
  const adminRole = await adminRoleId(deps.db, auth.accountId);
  const { rows } = await listUsers(deps.db, {
    accountId: auth.accountId,
    pageNo: 1,
    pageSize: 1,
    ids: [id],
    now: deps.clock.now(),
  });
  const row = rows[0];
  if (!row) throw new AppError(ErrorCode.forbidden);
  return rowOf(deps, auth, row, adminRole, true);
}

function fieldError(field: string, message: string): AppError {
  return new AppError(ErrorCode.badRequest, { data: { fieldErrors: { [field]: message } } });
}

async function isUsernameTaken(db: TDb, accountId: number, username: string, exceptId?: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(sql`lower(${users.username})`, username.toLowerCase())));
  return rows.some((r) => r.id !== exceptId);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

function audit(
  auth: TAuth,
  meta: TRequestMeta,
  now: Date,
  action: string,
  target: { id: number; username: string },
  info: Record<string, unknown> = {},
) {
  return {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    action,
    objectType: 'user',
    objectId: String(target.id),
    objectName: target.username,
    isSuccess: true,
    info,
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}

export async function addUser(
  deps: TDeps,
  auth: TAuth,
  request: FastifyRequest,
  input: TAddUserBody | TAddManagedUserBody,
  meta: TRequestMeta,
  kind: 'regular' | 'service',
): Promise<{ id: number }> {
  const lang = request.lang;
  const body: Partial<TAddUserBody> & TAddManagedUserBody = input;
  const username = body.username.trim();
  if (body.phone) {
    const problem = checkPhone(body.phone, body.phoneCode ?? '86');
    if (problem) throw fieldError('phone', translateValidation(lang, problem));
  }
  const policy = await getPolicy(deps.db, auth.accountId);
  requireUnderPolicy(body.password, policy);
  if (await isUsernameTaken(deps.db, auth.accountId, username)) {
    throw fieldError('username', translateError(lang, 'usernameTaken'));
  }
  const hash = await deps.hasher.hash(body.password);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        accountId: auth.accountId,
        username,
        displayName: body.displayName ?? username,
        passwordHash: hash,
        kind,
        ...(kind === 'service' ? { serviceKind: 'custom' as const } : {}),
        phone: kind === 'regular' ? (body.phone ?? null) : null,
        phoneCode: body.phoneCode ?? '86',
        email: kind === 'regular' && body.email ? emailTarget(body.email) : null,
        title: kind === 'regular' ? (body.title ?? null) : null,
        remark: body.remark ?? null,
        // The initial password is the administrator's: its holder changes it at the first sign-in.
        mustResetPassword: kind === 'regular',
      });
      if (kind === 'regular') {
        const member = await memberRoleId(tx, auth.accountId);
        if (member) await grantRole(tx, auth.accountId, id, member, auth.userId);
        if (body.isAdmin) {
          await grantRole(tx, auth.accountId, id, await adminRoleId(tx, auth.accountId), auth.userId);
        }
      }
      await writeAudit(
        tx,
        audit(
          auth,
          meta,
          now,
          kind === 'regular' ? 'user.add' : 'user.addService',
          { id, username },
          {
            isAdmin: kind === 'regular' && body.isAdmin === true,
            phone: Boolean(body.phone),
            email: Boolean(body.email),
          },
        ),
      );
      await syncUsers(tx, auth.accountId, [id], now);
      return { id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('username', translateError(lang, 'usernameTaken'));
    throw error;
  }
}

export function addManagedUser(
  deps: TDeps,
  auth: TAuth,
  request: FastifyRequest,
  body: TAddManagedUserBody,
  meta: TRequestMeta,
) {
  return addUser(deps, auth, request, body, meta, 'service');
}

/** Grants or removes the administrator role of one user (last-administrator rule on removal). */
export async function setAdmin(
  db: TDb,
  auth: TAuth,
  target: TTargetUser,
  isAdmin: boolean,
  meta: TRequestMeta,
  now: Date,
): Promise<boolean> {
  if (target.isAdmin === isAdmin) return false;
  if (target.kind !== 'regular' || target.deletedAt)
    throw new AppError(ErrorCode.conflict, { messageKey: 'adminRegularOnly' });
  const roleId = await adminRoleId(db, auth.accountId);
  if (isAdmin) {
    await grantRole(db, auth.accountId, target.id, roleId, auth.userId);
  } else {
    await requireAdminsRemain(db, auth.accountId, [target.id]);
    await db.execute(sql`delete from user_roles where user_id = ${target.id} and role_id = ${roleId}`);
    const member = await memberRoleId(db, auth.accountId);
    if (member) await grantRole(db, auth.accountId, target.id, member, auth.userId);
  }
  await writeAudit(db, {
    ...audit(auth, meta, now, isAdmin ? 'role.grant' : 'role.revoke', target, { roleId, isAdminRole: true }),
  });
  await syncUsers(db, auth.accountId, [target.id], now);
  return true;
}

function refuseSystem(targets: readonly TTargetUser[]): void {
  if (targets.some((t) => t.serviceKind === 'system')) {
    throw new AppError(ErrorCode.forbidden, { messageKey: 'systemServiceUser' });
  }
}

function refuseSelf(auth: TAuth, ids: readonly number[]): void {
  if (ids.includes(auth.userId)) throw new AppError(ErrorCode.conflict, { messageKey: 'notSelf' });
}

export async function updateUser(
  deps: TDeps,
  auth: TAuth,
  request: FastifyRequest,
  body: {
    id: number;
    displayName?: string | undefined;
    phone?: string | undefined;
    phoneCode?: string | undefined;
    email?: string | undefined;
    title?: string | undefined;
    comment?: string | undefined;
    isAdmin?: boolean | undefined;
  },
  meta: TRequestMeta,
  log: FastifyBaseLogger,
): Promise<TUpdateUserResult> {
  const lang = request.lang;
  const isSelf = body.id === auth.userId;
  const now = deps.clock.now();
  const contact = await deps.db.transaction(async (tx) => {
    const [target] = await lockTargets(tx, auth.accountId, [body.id]);
    if (!target) throw new AppError(ErrorCode.forbidden);
    refuseSystem([target]);
    if (target.deletedAt) throw new AppError(ErrorCode.conflict, { messageKey: 'userIsDeleted' });
    const newEmail = body.email && target.kind === 'regular' ? emailTarget(body.email) : null;
    const newPhone = body.phone && target.kind === 'regular' ? body.phone.trim() : null;
    const phoneCode = body.phoneCode ?? target.phoneCode;
    const emailChanges = newEmail !== null && newEmail !== target.email;
    const phoneChanges = newPhone !== null && (newPhone !== target.phone || phoneCode !== target.phoneCode);
    if (newPhone !== null) {
      const problem = checkPhone(newPhone, phoneCode);
      if (problem) throw fieldError('phone', translateValidation(lang, problem));
    }
    if (isSelf && (emailChanges || phoneChanges)) {
      throw fieldError(emailChanges ? 'email' : 'phone', translateError(lang, 'ownContactInProfile'));
    }
    const changes: Partial<typeof users.$inferInsert> = {};
    if (body.displayName !== undefined) changes.displayName = body.displayName;
    if (target.kind === 'regular' && body.title !== undefined) changes.title = body.title || null;
    if (body.comment !== undefined) changes.remark = body.comment || null;
    if (Object.keys(changes).length > 0) {
      await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(users.id, target.id), eq(users.accountId, auth.accountId)));
      await syncUsers(tx, auth.accountId, [target.id], now);
    }
    await writeAudit(
      tx,
      audit(auth, meta, now, 'user.update', target, {
        fields: Object.keys(changes),
        contactChange: emailChanges || phoneChanges,
      }),
    );
    if (body.isAdmin !== undefined && !isSelf && target.kind === 'regular') {
      await setAdmin(tx, auth, target, body.isAdmin, meta, now);
    }
    return {
      email: emailChanges ? (newEmail ?? undefined) : undefined,
      phone: phoneChanges ? (newPhone ?? undefined) : undefined,
      phoneCode: phoneChanges ? phoneCode : undefined,
    };
  });
  if (!contact.email && !contact.phone) return { pendingChange: null };
  // Another user's contact changes only when that user agrees (the confirm-change flow).
  const pendingChange = await requestContactChange(
    deps,
    auth,
    request,
    {
      id: body.id,
      ...(contact.email ? { email: contact.email } : {}),
      ...(contact.phone ? { phone: contact.phone, phoneCode: contact.phoneCode ?? '86' } : {}),
    },
    meta,
    log,
  );
  return { pendingChange };
}

/** The account's opened instances learn the users' current status (in the same transaction). */
async function syncUsers(db: TDb, accountId: number, userIds: readonly number[], now: Date) {
  await enqueueUserSync(db, await markUsersForSync(db, accountId, userIds, now), now);
}

export async function updateUserStatus(
  deps: TDeps,
  auth: TAuth,
  ids: readonly number[],
  enable: boolean,
  meta: TRequestMeta,
): Promise<{ count: number }> {
  refuseSelf(auth, ids);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const targets = await lockTargets(tx, auth.accountId, ids);
    refuseSystem(targets);
    const changing = targets.filter((t) => !t.deletedAt && t.isEnabled !== enable);
    if (!enable)
      await requireAdminsRemain(
        tx,
        auth.accountId,
        changing.filter((t) => t.isAdmin).map((t) => t.id),
      );
    for (const target of changing) {
      await tx
        .update(users)
        .set({ isEnabled: enable, updatedAt: now })
        .where(and(eq(users.id, target.id), eq(users.accountId, auth.accountId)));
      const ended = enable
        ? 0
        : await revokeUserSessions(tx, { userId: target.id, now, reason: 'user_disabled' });
      await writeAudit(
        tx,
        audit(auth, meta, now, enable ? 'user.enable' : 'user.disable', target, { endedSessions: ended }),
      );
    }
    if (changing.length > 0) {
      await syncUsers(
        tx,
        auth.accountId,
        changing.map((t) => t.id),
        now,
      );
    }
    return { count: changing.length };
  });
}

export async function deleteUsers(
  deps: TDeps,
  auth: TAuth,
  ids: readonly number[],
  force: boolean,
  meta: TRequestMeta,
  only: 'regular' | 'service' | null,
): Promise<{ count: number }> {
  refuseSelf(auth, ids);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const targets = await lockTargets(tx, auth.accountId, ids);
    refuseSystem(targets);
    if (only && targets.some((t) => t.kind !== only)) {
      throw new AppError(ErrorCode.badRequest, {
        messageKey: only === 'service' ? 'notServiceUser' : 'notRegularUser',
      });
    }
    await requireAdminsRemain(
      tx,
      auth.accountId,
      targets.filter((t) => t.isAdmin && !t.deletedAt && t.isEnabled).map((t) => t.id),
    );
    const changing = force ? targets : targets.filter((t) => !t.deletedAt);
    for (const target of changing) {
      if (force) {
        await tx.delete(users).where(and(eq(users.id, target.id), eq(users.accountId, auth.accountId)));
      } else {
        await tx
          .update(users)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(users.id, target.id), eq(users.accountId, auth.accountId)));
        await revokeUserSessions(tx, { userId: target.id, now, reason: 'user_deleted' });
      }
      await writeAudit(
        tx,
        audit(auth, meta, now, force ? 'user.forceDelete' : 'user.delete', target, {
          kind: target.kind,
          ...(force ? {} : { recoverableDays: deps.config.userDeleteRetentionDays }),
        }),
      );
    }
    if (force) {
      // Removed for good: the instances remove them too (their sync records went with them).
      await enqueueUserRemoval(
        tx,
        auth.accountId,
        changing.map((t) => ({ userId: t.id, username: t.username })),
        now,
      );
    } else {
      await syncUsers(
        tx,
        auth.accountId,
        changing.map((t) => t.id),
        now,
      );
    }
    return { count: changing.length };
  });
}

export async function recoverUsers(
  deps: TDeps,
  auth: TAuth,
  ids: readonly number[],
  meta: TRequestMeta,
): Promise<{ count: number }> {
  const now = deps.clock.now();
  const oldest = new Date(now.getTime() - deps.config.userDeleteRetentionDays * dayMs);
  return deps.db.transaction(async (tx) => {
    const targets = await lockTargets(tx, auth.accountId, ids);
    const deleted = targets.filter((t) => t.deletedAt);
    if (deleted.some((t) => (t.deletedAt as Date).getTime() <= oldest.getTime())) {
      throw new AppError(ErrorCode.conflict, { messageKey: 'recoverExpired' });
    }
    for (const target of deleted) {
      await tx
        .update(users)
        .set({ deletedAt: null, updatedAt: now })
        .where(and(eq(users.id, target.id), eq(users.accountId, auth.accountId)));
      await writeAudit(tx, audit(auth, meta, now, 'user.recover', target));
    }
    if (deleted.length > 0) {
      await syncUsers(
        tx,
        auth.accountId,
        deleted.map((t) => t.id),
        now,
      );
    }
    return { count: deleted.length };
  });
}

export async function resetManagedUserPassword(
  deps: TDeps,
  auth: TAuth,
  id: number,
  password: string,
  meta: TRequestMeta,
): Promise<null> {
  refuseSelf(auth, [id]);
  const policy = await getPolicy(deps.db, auth.accountId);
  requireUnderPolicy(password, policy);
  const hash = await deps.hasher.hash(password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [target] = await lockTargets(tx, auth.accountId, [id]);
    if (!target) throw new AppError(ErrorCode.forbidden);
    refuseSystem([target]);
    if (target.deletedAt) throw new AppError(ErrorCode.conflict, { messageKey: 'userIsDeleted' });
    await tx
      .update(users)
      .set({
        passwordHash: hash,
        passwordChangedAt: now,
        // A password set by someone else is changed by its holder at the next sign-in (5066).
        mustResetPassword: target.kind === 'regular',
        passwordReminderSentAt: null,
        updatedAt: now,
      })
      .where(and(eq(users.id, target.id), eq(users.accountId, auth.accountId)));
    const ended = await revokeUserSessions(tx, { userId: target.id, now, reason: 'password_reset' });
    await writeAudit(tx, audit(auth, meta, now, 'user.resetPassword', target, { endedSessions: ended }));
  });
  return null;
}

export async function checkProperties(
  deps: TDeps,
  auth: TAuth,
  request: FastifyRequest,
  body: {
    id?: number | undefined;
    username?: string | undefined;
    phone?: string | undefined;
    phoneCode?: string | undefined;
    email?: string | undefined;
  },
): Promise<TCheckPropertiesResult> {
  const lang = request.lang;
  const fieldErrors: Record<string, string> = {};
  if (body.username !== undefined) {
    const problem = checkUsername(body.username);
    if (problem) fieldErrors.username = translateValidation(lang, problem);
    else if (await isUsernameTaken(deps.db, auth.accountId, body.username.trim(), body.id)) {
      fieldErrors.username = translateError(lang, 'usernameTaken');
    }
  }
  if (body.phone) {
    const problem = checkPhone(body.phone, body.phoneCode ?? '86');
    if (problem) fieldErrors.phone = translateValidation(lang, problem);
  }
  if (body.email) {
    const problem = checkEmail(body.email);
    if (problem) fieldErrors.email = translateValidation(lang, problem);
  }
  return { isValid: Object.keys(fieldErrors).length === 0, fieldErrors };
}

export async function ownedResources(
  deps: TDeps,
  auth: TAuth,
  ids: readonly number[],
): Promise<TOwnedResources> {
  const rows = await deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.accountId, auth.accountId),
        sql`${users.id} = any(${`{${[...new Set(ids)].join(',')}}`}::bigint[])`,
      ),
    );
  if (rows.length !== new Set(ids).size) throw new AppError(ErrorCode.forbidden);
  const instances = await findInstances(
    deps.db,
    sql`i.account_id = ${auth.accountId} and i.status in (1, 3)`,
  );
  return deps.provisioner.ownedResources(
    instances.map((i) => i.ref),
    rows.map((r) => ({ userId: r.id, username: r.username })),
  );
}

export async function checkUserSyncStatus(deps: TDeps, auth: TAuth, id: number): Promise<TUserSyncStatus> {
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.accountId, auth.accountId)));
  if (!user) throw new AppError(ErrorCode.forbidden);
  const state = await userSyncState(deps.db, auth.accountId, id);
  return {
    status: state.failed > 0 ? 'failed' : state.pending > 0 ? 'syncing' : 'synced',
    updateTime: state.updateTime,
  };
}

/** Removes, in small batches, users whose recovery period has ended; answers how many. */
export async function purgeDeletedUsers(deps: TDeps, batch = 500): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.userDeleteRetentionDays * dayMs);
  let total = 0;
  for (;;) {
    // Each removal writes its audit entry in the same statement (the system is the actor).
    const rows = rowsOf<{ id: number }>(
      await deps.db.execute(sql`
        with gone as (
          delete from users where id in (
            select id from users where deleted_at is not null and deleted_at < ${before} limit ${batch}
          ) returning id, account_id, username, deleted_at
        )
        insert into audit_entries (account_id, user_id, username, action, object_type, object_id,
                                   object_name, status, info, created_at)
        select account_id, null, null, 'user.purge', 'user', id::text, username, 1,
               jsonb_build_object('deletedAt', deleted_at, 'retentionDays', ${deps.config.userDeleteRetentionDays}::int),
               ${deps.clock.now()}
          from gone
        returning id`),
    );
    total += rows.length;
    if (rows.length < batch) return total;
  }
}

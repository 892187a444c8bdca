/**
 * Reading the account's users (spec section 2 "User management"): the paged, searchable, sortable
 * list with phone and e-mail masked unless revealed, one user for the edit dialog, the inline checks
 * of the add and edit dialogs, and what users own on the instances (their sync state:
 * user-sync.service.ts).
 */
import type { TCheckPropertiesResult, TOwnedResources, TUserList, TUserRow } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { checkEmail, checkPhone, maskEmail, maskPhone } from '@console/contract/contact-rules';
import { checkUsername } from '@console/contract/rules';
import type { FastifyRequest } from 'fastify';
import type { TAuth, TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { translateError, translateValidation } from '../../i18n';
import { listLiveInstances } from '../service';
import { invitationsOfUsers } from './invitation.service';
import {
  findUserIdsByUsername,
  findUsernames,
  listUsers,
  type TListedUser,
  type TListInput,
} from './user-admin.repository';
import { adminRoleId, dayMs } from './user-rules.service';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function rowOf(
  deps: TDeps,
  auth: TAuth,
  r: TListedUser,
  adminRole: number,
  reveal: boolean,
): Omit<TUserRow, 'invitation'> {
  const roles = r.roles.map((role) => ({ id: Number(role.id), code: role.code, name: role.name }));
  const pending = r.pending;
  const phone = (v: string | null) => (v === null ? null : reveal ? v : maskPhone(v));
  const email = (v: string | null) => (v === null ? null : reveal ? v : maskEmail(v));
  return {
    id: r.id,
    accountId: r.accountId,
    username: r.username,
    displayName: r.displayName,
    phone: phone(r.phone),
    phoneCode: r.phoneCode,
    email: email(r.email),
    title: r.title,
    remark: r.remark,
    kind: r.kind,
    serviceKind: r.serviceKind,
    isAdmin: roles.some((role) => role.id === adminRole),
    roles,
    status: r.deletedAt ? 'deleted' : r.isEnabled ? 'enabled' : 'disabled',
    lastLoginTime: r.lastLoginAt === null ? null : iso(r.lastLoginAt),
    createTime: iso(r.createdAt),
    pendingChange: pending
      ? {
          id: Number(pending.id),
          email: email(pending.email),
          phone: phone(pending.phone),
          expireTime: iso(pending.expireTime),
        }
      : null,
    deleteTime: r.deletedAt ? r.deletedAt.toISOString() : null,
    purgeTime: r.deletedAt
      ? new Date(r.deletedAt.getTime() + deps.config.userDeleteRetentionDays * dayMs).toISOString()
      : null,
    isSelf: r.id === auth.userId,
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
  const invitations = await invitationsOfUsers(
    deps,
    auth.accountId,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => ({
      ...rowOf(deps, auth, r, adminRole, input.reveal === true),
      invitation: invitations.get(r.id) ?? null,
    })),
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
  const invitations = await invitationsOfUsers(deps, auth.accountId, [row.id]);
  return { ...rowOf(deps, auth, row, adminRole, true), invitation: invitations.get(row.id) ?? null };
}

/** Whether another user of the account (than `exceptId`) has this username, in any case. */
export async function isUsernameTaken(db: TDb, accountId: number, username: string, exceptId?: number) {
  const ids = await findUserIdsByUsername(db, accountId, username);
  return ids.some((id) => id !== exceptId);
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
  const unique = [...new Set(ids)];
  const rows = await findUsernames(deps.db, auth.accountId, unique);
  if (rows.length !== unique.length) throw new AppError(ErrorCode.forbidden);
  const instances = await listLiveInstances(deps.db, auth.accountId);
  return deps.provisioner.ownedResources(
    instances.map((i) => i.ref),
    rows.map((r) => ({ userId: r.id, username: r.username })),
  );
}

/**
 * Reading the account's users (spec section 2 "User management"): the paged, searchable, sortable
 * list with phone and e-mail masked unless revealed, one user for the edit dialog, the inline checks
 * of the add and edit dialogs, and what users own on the instances (their sync state:
 * user-sync.service.ts).
 */
import { createHash } from 'node:crypto';
import {
  type TCheckPropertiesResult,
  type TOwnedResources,
  type TUserList,
  type TUserRow,
  userListCountMax,
  type ZUserListRequest,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { checkEmail, checkPhone, listedContact } from '@console/contract/contact-rules';
import { checkUsername } from '@console/contract/rules';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TAuth, TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { translateError, translateValidation } from '../../i18n';
import { listLiveInstances } from '../service';
import { invitationsOfUsers } from './invitation.service';
import {
  countUsers,
  findUserIdsByUsername,
  findUsernames,
  listUserPage,
  listUsersByIds,
  type TListedUser,
  type TListSort,
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
  const phone = (v: string | null) => listedContact('phone', v, reveal);
  const email = (v: string | null) => listedContact('email', v, reveal);
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
    secondFactors: { hasAuthenticator: r.hasAuthenticator === true, passkeys: Number(r.passkeys) },
  };
}

/** The list's order from the request: newest first unless a sort is asked. */
function sortOf(input: Pick<TUserListInput, 'sortField' | 'sortOrder'>): {
  sort: TListSort;
  isDesc: boolean;
} {
  const sort: TListSort =
    input.sortField === 'username' ? 'username' : input.sortField === 'lastLoginTime' ? 'lastLogin' : 'id';
  return { sort, isDesc: input.sortOrder === 'descend' || (!input.sortField && !input.sortOrder) };
}

/**
 * A page cursor: the list it belongs to (a digest of the account, order, search, kind and page
 * size), the direction (after or before the key), the key of the page's edge row, and the number
 * of the page it leads to. Encoded as base64url JSON: it grants nothing, since every read is
 * scoped by the session's account, but one of another list is refused (4159).
 */
const ZCursor = z.object({
  f: z.string().max(32),
  d: z.enum(['a', 'b']),
  v: z.string().max(64).nullable(),
  i: z.number().int().positive(),
  p: z.number().int().positive(),
});
type TCursor = z.infer<typeof ZCursor>;

/** Last sign-in keys: UTC with microseconds, as the list statement writes them. */
const timeKey = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

function listDigest(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, digest: string, sort: TListSort): TCursor {
  let parsed: TCursor | undefined;
  try {
    const result = ZCursor.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    parsed = result.success ? result.data : undefined;
  } catch {
    parsed = undefined;
  }
  const isValueValid = (v: string | null) =>
    sort === 'id' ? v === null : sort === 'username' ? v !== null : v === null || timeKey.test(v);
  if (!parsed || parsed.f !== digest || !isValueValid(parsed.v)) {
    throw new AppError(ErrorCode.listCursorInvalid);
  }
  return parsed;
}

type TUserListInput = Omit<z.output<typeof ZUserListRequest>, 'accountId'>;

/**
 * One page of the account's users. Every order reads the page by keyset on an index: a cursor
 * (`nextCursor`, `prevCursor`) continues from the edge row of the page shown; a page asked by
 * its number alone skips rows on the same index (an index-only scan for the whole list). A search
 * counts its matches up to `userListCountMax` (`isTotalCapped` beyond).
 */
export async function getUserList(deps: TDeps, auth: TAuth, input: TUserListInput): Promise<TUserList> {
  const { sort, isDesc } = sortOf(input);
  const filter = { accountId: auth.accountId, keyword: input.keyword || undefined, kind: input.kind };
  const pageSize = input.pageSize;
  const digest = listDigest([
    auth.accountId,
    sort,
    isDesc,
    filter.keyword ?? '',
    filter.kind ?? '',
    pageSize,
  ]);
  let cursor = input.cursor ? decodeCursor(input.cursor, digest, sort) : undefined;
  const key = cursor ? { value: cursor.v, id: cursor.i } : undefined;
  const read = (from: TCursor | undefined, pageNo: number) =>
    listUserPage(deps.db, {
      ...filter,
      sort,
      isDesc,
      limit: pageSize + 1,
      offset: from ? undefined : (pageNo - 1) * pageSize,
      after: from?.d === 'a' ? key : undefined,
      before: from?.d === 'b' ? key : undefined,
    });
  const [adminRole, counted, read1] = await Promise.all([
    adminRoleId(deps.db, auth.accountId),
    countUsers(deps.db, filter, filter.keyword ? userListCountMax : undefined),
    read(cursor, input.pageNo),
  ]);
  let found = read1;
  let pageNo = cursor ? cursor.p : input.pageNo;
  // Back to the list's start (no row before the page, or the cursor's page is the first): page 1,
  // read as by its number, so that it is the first page even if users came or went meanwhile.
  if (cursor?.d === 'b' && (found.length <= pageSize || cursor.p === 1)) {
    cursor = undefined;
    pageNo = 1;
    found = await read(undefined, 1);
  }
  const isBackwards = cursor?.d === 'b';
  const keys = found.slice(0, pageSize);
  if (isBackwards) keys.reverse();
  const hasNext = isBackwards || found.length > pageSize;
  const hasPrev = isBackwards ? found.length > pageSize : pageNo > 1;
  const first = keys[0];
  const last = keys[keys.length - 1];

  const ids = keys.map((k) => k.id);
  const [details, invitations] = await Promise.all([
    ids.length ? listUsersByIds(deps.db, auth.accountId, ids, deps.clock.now()) : [],
    invitationsOfUsers(deps, auth.accountId, ids),
  ]);
  const byId = new Map(details.map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r): r is TListedUser => r !== undefined);
  const isTotalCapped = filter.keyword !== undefined && counted > userListCountMax;
  return {
    list: rows.map((r) => ({
      ...rowOf(deps, auth, r, adminRole, input.reveal === true),
      invitation: invitations.get(r.id) ?? null,
    })),
    total: isTotalCapped ? userListCountMax : counted,
    isTotalCapped,
    pageNo,
    pageSize,
    nextCursor:
      hasNext && last
        ? encodeCursor({ f: digest, d: 'a', v: last.key.value, i: last.id, p: pageNo + 1 })
        : null,
    prevCursor:
      hasPrev && first && pageNo > 1
        ? encodeCursor({ f: digest, d: 'b', v: first.key.value, i: first.id, p: pageNo - 1 })
        : null,
    retentionDays: deps.config.userDeleteRetentionDays,
  };
}

export async function fetchUser(deps: TDeps, auth: TAuth, id: number): Promise<TUserRow> {
  const adminRole = await adminRoleId(deps.db, auth.accountId);
  const [row] = await listUsersByIds(deps.db, auth.accountId, [id], deps.clock.now());
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

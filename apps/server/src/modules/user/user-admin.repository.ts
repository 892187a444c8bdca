/**
 * Queries of user management: the paged list, the account's administrator role and the
 * last-administrator rule. Every query is scoped by the session's account.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';
import { AppError } from '../../errors';

export type TUserListRaw = {
  id: number;
  account_id: number;
  username: string;
  display_name: string;
  phone: string | null;
  phone_code: string;
  email: string | null;
  title: string | null;
  remark: string | null;
  kind: 'regular' | 'service';
  service_kind: 'system' | 'custom' | null;
  is_enabled: boolean;
  deleted_at: Date | string | null;
  last_login_at: Date | string | null;
  created_at: Date | string;
  roles: { id: number; code: string; name: string }[] | string;
  pending:
    | { id: number; email: string | null; phone: string | null; phoneCode: string | null; expireTime: string }
    | string
    | null;
};

export type TListInput = {
  accountId: number;
  pageNo: number;
  pageSize: number;
  keyword?: string | undefined;
  kind?: 'regular' | 'service' | undefined;
  sortField?: 'username' | 'createTime' | 'lastLoginTime' | undefined;
  sortOrder?: 'ascend' | 'descend' | undefined;
  ids?: readonly number[];
  now: Date;
};

/** The text the trigram index covers (same expression as `users_search_trgm_idx`). */
const searchText = sql.raw(
  `lower(u.username || ' ' || u.display_name || ' ' || coalesce(u.phone, '') || ' ' || coalesce(u.email, ''))`,
);

function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(input: TListInput) {
  const parts = [sql`u.account_id = ${input.accountId}`];
  if (input.kind) parts.push(sql`u.kind = ${input.kind}`);
  if (input.keyword) parts.push(sql`${searchText} like ${likePattern(input.keyword)}`);
  if (input.ids) parts.push(sql`u.id = any(${`{${input.ids.join(',')}}`}::bigint[])`);
  return sql.join(parts, sql` and `);
}

function orderOf(input: TListInput) {
  const desc = input.sortOrder === 'descend' || (!input.sortField && !input.sortOrder);
  const dir = sql.raw(desc ? 'desc' : 'asc');
  switch (input.sortField) {
    case 'username':
      return sql`lower(u.username) ${dir}`;
    case 'lastLoginTime':
      return sql`u.last_login_at ${dir}, u.id ${dir}`;
    default:
      return sql`u.id ${dir}`;
  }
}

export async function listUsers(
  db: TDb,
  input: TListInput,
): Promise<{ rows: TUserListRaw[]; total: number }> {
  const where = whereOf(input);
  const [rows, counted] = await Promise.all([
    // The page's ids first (an index walk), then the details of those rows only.
    db.execute(sql`
      with page as (
        select u.id from users u
        where ${where}
        order by ${orderOf(input)}
        limit ${input.pageSize} offset ${(input.pageNo - 1) * input.pageSize}
      )
      select u.id, u.account_id, u.username, u.display_name, u.phone, u.phone_code, u.email, u.title,
             u.remark, u.kind, u.service_kind, u.is_enabled, u.deleted_at, u.last_login_at, u.created_at,
             coalesce((select json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name) order by r.id)
                       from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json) as roles,
             (select json_build_object('id', c.id, 'email', c.new_email, 'phone', c.new_phone,
                                       'phoneCode', c.new_phone_code, 'expireTime', c.expires_at)
                from contact_change_requests c
               where c.user_id = u.id and c.consumed_at is null and c.revoked_at is null
                 and c.expires_at > ${input.now}
               order by c.id desc limit 1) as pending
      from page join users u on u.id = page.id
      order by ${orderOf(input)}`),
    db.execute(sql`select count(*)::int as n from users u where ${where}`),
  ]);
  return {
    rows: rowsOf<TUserListRaw>(rows),
    total: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0),
  };
}

export type TTargetUser = {
  id: number;
  username: string;
  kind: 'regular' | 'service';
  serviceKind: 'system' | 'custom' | null;
  isEnabled: boolean;
  deletedAt: Date | null;
  email: string | null;
  phone: string | null;
  phoneCode: string;
  isAdmin: boolean;
};

/**
 * The users of `ids` in the account, locked for the change; any id outside the account answers
 * 403 and nothing changes.
 */
export async function lockTargets(
  db: TDb,
  accountId: number,
  ids: readonly number[],
): Promise<TTargetUser[]> {
  const unique = [...new Set(ids)];
  const rows = rowsOf<{
    id: number;
    username: string;
    kind: 'regular' | 'service';
    service_kind: 'system' | 'custom' | null;
    is_enabled: boolean;
    deleted_at: Date | string | null;
    email: string | null;
    phone: string | null;
    phone_code: string;
    is_admin: boolean;
  }>(
    await db.execute(sql`
      select u.id, u.username, u.kind, u.service_kind, u.is_enabled, u.deleted_at, u.email, u.phone,
             u.phone_code,
             exists (select 1 from user_roles ur where ur.user_id = u.id
                       and ur.role_id = (select max(id) from roles where account_id = ${accountId})) as is_admin
      from users u
      where u.account_id = ${accountId} and u.id = any(${`{${unique.join(',')}}`}::bigint[])
      order by u.id
      for update of u`),
  );
  if (rows.length !== unique.length) throw new AppError(403);
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    kind: r.kind,
    serviceKind: r.service_kind,
    isEnabled: r.is_enabled,
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at),
    email: r.email,
    phone: r.phone,
    phoneCode: r.phone_code,
    isAdmin: r.is_admin,
  }));
}

/** The account administrator role: the account's highest-id role (spec section 3). */
export async function adminRoleId(db: TDb, accountId: number): Promise<number> {
  const rows = rowsOf<{ id: number | null }>(
    await db.execute(sql`select max(id) as id from roles where account_id = ${accountId}`),
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`account ${accountId} has no roles`);
  return Number(id);
}

export async function memberRoleId(db: TDb, accountId: number): Promise<number | null> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select id from roles where account_id = ${accountId} and code = 'account_member'`),
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * The last-administrator rule: after `losing` lose the administrator role (or are disabled or
 * deleted), at least one enabled, undeleted holder must remain. Locks the role row so that two
 * concurrent changes cannot each remove "another" administrator.
 */
export async function requireAdminsRemain(
  db: TDb,
  accountId: number,
  losing: readonly number[],
): Promise<void> {
  if (losing.length === 0) return;
  const roleId = await adminRoleId(db, accountId);
  await db.execute(sql`select id from roles where id = ${roleId} for update`);
  const rows = rowsOf<{ losing: number; remaining: number }>(
    await db.execute(sql`
      select count(*) filter (where u.id = any(${`{${losing.join(',')}}`}::bigint[]))::int as losing,
             count(*) filter (where not (u.id = any(${`{${losing.join(',')}}`}::bigint[])))::int as remaining
      from user_roles ur join users u on u.id = ur.user_id
      where ur.role_id = ${roleId} and u.account_id = ${accountId}
        and u.deleted_at is null and u.is_enabled`),
  );
  const r = rows[0];
  if (r && r.losing > 0 && r.remaining === 0) throw new AppError(409, { messageKey: 'lastAdmin' });
}

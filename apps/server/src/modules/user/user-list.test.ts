import { ErrorCode } from '@console/contract/codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  envelope,
  mintSession,
  routeClient,
  seedAccount,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';

let t: TTestApp;
const { call, ok } = routeClient(() => t.app);
let paged: TSeededAccount;
let broad: TSeededAccount;
let admin: string;
let broadAdmin: string;

type TPage = {
  list: { id: number; username: string; lastLoginTime: string | null }[];
  total: number;
  isTotalCapped: boolean;
  pageNo: number;
  pageSize: number;
  nextCursor: string | null;
  prevCursor: string | null;
};

/**
 * 41 users besides the administrator and member: usernames in mixed case, and last sign-ins
 * that tie in groups (several at the same microsecond) or are null (never signed in), so that
 * every order has equal values that only the id separates.
 */
async function seedUsers(accountId: number, count: number, domains: readonly string[]) {
  const rows = Array.from({ length: count }, (_, i) => i + 1);
  await t.deps.db.execute(sql`
    insert into users (account_id, username, display_name, password_hash, email, last_login_at, created_at)
    select ${accountId}, (case when g % 2 = 0 then 'User_' else 'user_' end) || lpad(((g * 17) % 97)::text, 3, '0') || '_' || g,
           'Person ' || g, 'x', 'u' || g || '@' || (${`{${domains.join(',')}}`}::text[])[1 + g % ${domains.length}],
           case when g % 4 = 0 then null
                else timestamptz '2026-11-01T08:00:00.123456Z' + (g % 5) * interval '1 hour' end,
           timestamptz '2026-10-01T00:00:00Z' + g * interval '1 minute'
      from unnest(${`{${rows.join(',')}}`}::int[]) g`);
}

beforeAll(async () => {
  t = await createTestApp();
  paged = await seedAccount(t.deps, 'pagedco');
  broad = await seedAccount(t.deps, 'broadco');
  await seedUsers(paged.id, 41, ['alpha.example', 'beta.example', 'gamma.example']);
  // More users matching one search than a search counts.
  await seedUsers(broad.id, 1_050, ['wide.example']);
  admin = await mintSession(t.deps, paged.id, paged.admin.id);
  broadAdmin = await mintSession(t.deps, broad.id, broad.admin.id);
});
afterAll(() => t.close());

const orders: Record<string, unknown>[] = [
  {},
  { sortField: 'createTime', sortOrder: 'ascend' },
  { sortField: 'createTime', sortOrder: 'descend' },
  { sortField: 'username', sortOrder: 'ascend' },
  { sortField: 'username', sortOrder: 'descend' },
  { sortField: 'lastLoginTime', sortOrder: 'ascend' },
  { sortField: 'lastLoginTime', sortOrder: 'descend' },
  { sortField: 'lastLoginTime', sortOrder: 'descend', keyword: 'beta.example' },
  { sortField: 'username', sortOrder: 'ascend', kind: 'regular', keyword: 'user_0' },
];

const ids = (page: TPage) => page.list.map((u) => u.id);

describe('user list paging', () => {
  it.each(orders)('reads the same pages by cursor as by page number, both ways: %o', async (order) => {
    const pageSize = 4;
    const first = await ok<TPage>('userList', admin, { ...order, pageNo: 1, pageSize });
    expect(first.isTotalCapped).toBe(false);
    expect(first.prevCursor).toBeNull();
    const pages = Math.ceil(first.total / pageSize);
    expect(pages).toBeGreaterThan(1);

    const byNumber: number[][] = [];
    for (let pageNo = 1; pageNo <= pages; pageNo += 1) {
      byNumber.push(ids(await ok<TPage>('userList', admin, { ...order, pageNo, pageSize })));
    }
    const all = byNumber.flat();
    expect(all).toHaveLength(first.total);
    expect(new Set(all).size).toBe(all.length);

    // Forwards by nextCursor from page 1 to the end.
    const forwards: number[][] = [ids(first)];
    let page = first;
    while (page.nextCursor) {
      page = await ok<TPage>('userList', admin, { ...order, pageSize, cursor: page.nextCursor });
      expect(page.pageNo).toBe(forwards.length + 1);
      forwards.push(ids(page));
    }
    expect(forwards).toEqual(byNumber);

    // Backwards by prevCursor from the last page (asked by number) to page 1.
    let back = await ok<TPage>('userList', admin, { ...order, pageNo: pages, pageSize });
    expect(back.nextCursor).toBeNull();
    const backwards: number[][] = [ids(back)];
    while (back.prevCursor) {
      back = await ok<TPage>('userList', admin, { ...order, pageSize, cursor: back.prevCursor });
      expect(back.pageNo).toBe(pages - backwards.length);
      backwards.unshift(ids(back));
    }
    expect(backwards).toEqual(byNumber);
  });

  it('orders equal last sign-ins and never-signed-in users by id, nulls first when descending', async () => {
    const all = await ok<TPage>('userList', admin, {
      sortField: 'lastLoginTime',
      sortOrder: 'descend',
      pageSize: 200,
    });
    const never = all.list.filter((u) => u.lastLoginTime === null);
    expect(never.length).toBeGreaterThan(5);
    expect(all.list.slice(0, never.length).every((u) => u.lastLoginTime === null)).toBe(true);
    const times = all.list.map((u) => u.lastLoginTime ?? '');
    expect(new Set(times).size).toBeLessThan(times.length / 4);
  });

  it("shows each user's own roles and pending change, whatever their ids", async () => {
    type TRow = { username: string; isAdmin: boolean; roles: { code: string }[]; pendingChange: unknown };
    const page = await ok<{ list: TRow[] }>('userList', admin, { pageNo: 1, pageSize: 100 });
    const byName = new Map(page.list.map((u) => [u.username, u]));
    const administrator = byName.get(paged.admin.username);
    expect(administrator?.isAdmin).toBe(true);
    expect(administrator?.roles.map((r) => r.code)).toEqual(['account_admin']);
    expect(byName.get(paged.member.username)?.roles.map((r) => r.code)).toEqual(['account_member']);
    // The seeded users hold no role and asked for no contact change.
    const plain = page.list.filter((u) => u.username.toLowerCase().startsWith('user_'));
    expect(plain.length).toBeGreaterThan(30);
    for (const u of plain) {
      expect(u.isAdmin).toBe(false);
      expect(u.roles).toEqual([]);
      expect(u.pendingChange).toBeNull();
    }
  });

  it('refuses a cursor of another account, order, search or page size, in the user’s language (4159)', async () => {
    const first = await ok<TPage>('userList', admin, {
      sortField: 'username',
      sortOrder: 'ascend',
      pageSize: 4,
    });
    const cursor = first.nextCursor;
    expect(cursor).toBeTruthy();
    const refused = async (token: string, body: Record<string, unknown>, lang = 'en-US') => {
      const res = envelope(
        await call('userList', token, { pageSize: 4, cursor, ...body }, { 'cz-lang': lang }),
      );
      expect(res.code).toBe(ErrorCode.listCursorInvalid);
      expect(res.data).toBeNull();
      return res.message;
    };
    const english = await refused(broadAdmin, { sortField: 'username', sortOrder: 'ascend' });
    expect(english).toBe(
      'This page of the user list no longer matches the list shown (its account, sort, search or page size). Start again from the first page.',
    );
    expect(await refused(broadAdmin, { sortField: 'username', sortOrder: 'ascend' }, 'zh-CN')).toBe(
      '该分页位置与当前用户列表不符（账号、排序、搜索条件或每页条数已变化），请从第一页重新开始。',
    );
    await refused(admin, {});
    await refused(admin, { sortField: 'username', sortOrder: 'descend' });
    await refused(admin, { sortField: 'username', sortOrder: 'ascend', keyword: 'user' });
    await refused(admin, { sortField: 'username', sortOrder: 'ascend', pageSize: 5 });
    await refused(admin, { sortField: 'username', sortOrder: 'ascend', cursor: 'not-a-cursor' });
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(String(cursor), 'base64url').toString()), v: null }),
    ).toString('base64url');
    await refused(admin, { sortField: 'username', sortOrder: 'ascend', cursor: forged });
    // The same list still takes it.
    const next = await ok<TPage>('userList', admin, {
      sortField: 'username',
      sortOrder: 'ascend',
      pageSize: 4,
      cursor,
    });
    expect(next.pageNo).toBe(2);
  });

  it('answers a broad search with a capped total, and its pages by cursor still reach the end', async () => {
    const capped = await ok<TPage>('userList', broadAdmin, { keyword: 'wide.example', pageSize: 200 });
    expect(capped).toMatchObject({ total: 1_000, isTotalCapped: true });
    let page = capped;
    let seen = page.list.length;
    while (page.nextCursor) {
      page = await ok<TPage>('userList', broadAdmin, {
        keyword: 'wide.example',
        pageSize: 200,
        cursor: page.nextCursor,
      });
      seen += page.list.length;
    }
    expect(seen).toBe(1_050);
    expect(page.pageNo).toBe(6);
    // A page past the counted ones, by number.
    const sixth = await ok<TPage>('userList', broadAdmin, {
      keyword: 'wide.example',
      pageSize: 200,
      pageNo: 6,
    });
    expect(sixth.list).toHaveLength(50);
    // A narrow search, and the whole list, are counted exactly.
    expect(await ok<TPage>('userList', broadAdmin, { keyword: 'user_001_' })).toMatchObject({
      isTotalCapped: false,
    });
    expect(await ok<TPage>('userList', broadAdmin, {})).toMatchObject({ total: 1_052, isTotalCapped: false });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  login,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
  writeAuditEntry,
} from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { verifyChain } from './audit.chain';
import { purgeAuditEntries } from './audit.jobs';
import { countAuditEntries, insertAuditEntry } from './audit.repository';
import { safeCell } from './audit.service';

let t: TTestApp;
let demo: TSeededAccount;
let acme: TSeededAccount;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  acme = await seedAccount(t.deps, 'acme');
  adminToken = await signIn(t.app, 'demo', demo.admin);
});
afterAll(() => t.close());

type TPage = {
  list: {
    id: number;
    action: string;
    username: string | null;
    status: number;
    objectType: string;
    info: object;
  }[];
  nextCursor: string | null;
  hasMore: boolean;
  total: number;
  isTotalCapped: boolean;
};

async function list(token: string, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/audit/list',
    headers: { ...bearer(token), 'cz-lang': 'en-US' },
    payload: body,
  });
}

const entry = (accountId: number, action: string, extra?: Parameters<typeof writeAuditEntry>[3]) =>
  writeAuditEntry(t, accountId, action, extra);

/** The cells of one CSV line (quoted cells may hold commas and doubled quotes, never a line break here). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (isQuoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') isQuoted = false;
      else cell += c;
    } else if (c === '"') isQuoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

describe('audit chain', () => {
  it('numbers each account’s entries and links their hashes; verification passes', async () => {
    await entry(demo.id, 'test.one');
    await entry(demo.id, 'test.two', { info: { password: 'Secret@123', code: '123456', note: 'kept' } });
    const rows = rowsOf<{ seq: number; prev_hash: Buffer; hash: Buffer; info: Record<string, unknown> }>(
      await t.deps.db.execute(
        sql`select seq, prev_hash, hash, info from audit_entries where account_id = ${demo.id} order by seq`,
      ),
    );
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    for (let i = 1; i < rows.length; i += 1) {
      expect(Buffer.from(rows[i]?.prev_hash ?? []).equals(Buffer.from(rows[i - 1]?.hash ?? []))).toBe(true);
    }
    // No password or code in details.
    expect(rows.at(-1)?.info).toEqual({ password: '[redacted]', code: '[redacted]', note: 'kept' });
    expect((await verifyChain(t.deps.db, demo.id)).isIntact).toBe(true);
    expect((await verifyChain(t.deps.db, acme.id)).isIntact).toBe(true);
  });

  it('concurrent appends of one account stay one gapless chain', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.deps.db.transaction((tx) =>
          insertAuditEntry(tx, {
            accountId: acme.id,
            userId: null,
            username: 'robot',
            action: `test.parallel${i}`,
            objectType: 'user',
            isSuccess: true,
            createdAt: t.clock.now(),
          }),
        ),
      ),
    );
    const report = await verifyChain(t.deps.db, acme.id);
    expect(report.broken).toBeNull();
    expect(report.entries).toBeGreaterThanOrEqual(20);
  });

  it('a tampered, removed or appended-around entry is reported with its id', async () => {
    const tmp = await seedAccount(t.deps, 'tamper');
    for (const a of ['t.a', 't.b', 't.c', 't.d']) await entry(tmp.id, a);
    const ids = rowsOf<{ id: number }>(
      await t.deps.db.execute(sql`select id from audit_entries where account_id = ${tmp.id} order by seq`),
    ).map((r) => Number(r.id));
    expect((await verifyChain(t.deps.db, tmp.id)).isIntact).toBe(true);

    await t.deps.db.execute(sql`update audit_entries set object_name = 'nobody' where id = ${ids[1]}`);
    let report = await verifyChain(t.deps.db, tmp.id);
    expect(report.isIntact).toBe(false);
    expect(report.broken?.id).toBe(ids[1]);
    expect(report.broken?.reason).toMatch(/altered/);
    await t.deps.db.execute(sql`update audit_entries set object_name = 'someone' where id = ${ids[1]}`);
    expect((await verifyChain(t.deps.db, tmp.id)).isIntact).toBe(true);

    await t.deps.db.execute(sql`delete from audit_entries where id = ${ids[2]}`);
    report = await verifyChain(t.deps.db, tmp.id);
    expect(report.broken?.id).toBe(ids[3]);
    expect(report.broken?.reason).toMatch(/missing/);

    await t.deps.db.execute(sql`delete from audit_entries where id = ${ids[0]}`);
    report = await verifyChain(t.deps.db, tmp.id);
    expect(report.broken?.reason).toMatch(/starts at/);
  });
});

describe('audit list', () => {
  it('answers administrators only, and only their own account', async () => {
    const memberToken = await signIn(t.app, 'demo', demo.member);
    expect(envelope(await list(memberToken, {})).code).toBe(4037);
    const other = envelope(await list(adminToken, { accountId: acme.id }));
    expect(other.code).toBe(403);
    const mine = envelope<TPage>(await list(adminToken, { pageSize: 200 }));
    expect(mine.code).toBe(0);
    expect(mine.data.list.some((e) => e.action.startsWith('test.parallel'))).toBe(false);
    // Without a session: 401.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/portal/audit/list', payload: {} });
    expect(envelope(anonymous).code).toBe(401);
  });

  it('pages by keyset without overlap or gap, and filters', async () => {
    const paged = await seedAccount(t.deps, 'paged');
    const token = await signIn(t.app, 'paged', paged.admin);
    for (let i = 0; i < 25; i += 1) {
      t.clock.advance(1000);
      await entry(paged.id, `test.item${i}`, {
        isSuccess: i % 5 !== 0,
        objectType: i % 2 ? 'user' : 'role',
        username: i % 3 ? 'Alice' : 'bob',
        info: { marker: i === 7 ? 'needle' : 'hay' },
      });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: TPage } = envelope<TPage>(
        await list(token, { pageSize: 7, ...(cursor ? { cursor } : {}) }),
      );
      seen.push(...page.data.list.map((e) => e.id));
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(26); // 25 + the sign-in
    // Every page carries the count of all matching entries.
    const first = envelope<TPage>(await list(token, { pageSize: 7 }));
    expect(first.data).toMatchObject({ total: seen.length, isTotalCapped: false });
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    const failures = envelope<TPage>(await list(token, { status: 0, pageSize: 200 }));
    expect(failures.data.list.filter((e) => e.action.startsWith('test.')).length).toBe(5);
    expect(failures.data.list.every((e) => e.status === 0)).toBe(true);
    const byUser = envelope<TPage>(
      await list(token, { username: 'ALICE', objectType: 'role', pageSize: 200 }),
    );
    expect(byUser.data.list.every((e) => e.username === 'Alice' && e.objectType === 'role')).toBe(true);
    expect(byUser.data.list.length).toBe(8);
    expect(byUser.data.total).toBe(8);
    const text = envelope<TPage>(await list(token, { search: 'needle' }));
    expect(text.data.list.map((e) => e.action)).toEqual(['test.item7']);
    const range = envelope<TPage>(
      await list(token, {
        from: new Date(t.clock.now().getTime() - 3500).toISOString(),
        to: t.clock.now().toISOString(),
      }),
    );
    expect(range.data.list.map((e) => e.action)).toEqual(['test.item23', 'test.item22', 'test.item21']);
  });

  it('counts matching entries only up to the cap, one past it meaning "more"', async () => {
    const counted = await seedAccount(t.deps, 'counted');
    for (let i = 0; i < 9; i += 1) await entry(counted.id, `test.count${i}`, { isSuccess: i < 3 });
    expect(await countAuditEntries(t.deps.db, { accountId: counted.id }, 100)).toBe(9);
    expect(await countAuditEntries(t.deps.db, { accountId: counted.id }, 4)).toBe(5);
    expect(await countAuditEntries(t.deps.db, { accountId: counted.id, status: 0 }, 100)).toBe(6);
    expect(await countAuditEntries(t.deps.db, { accountId: counted.id, search: 'count7' }, 100)).toBe(1);
  });

  it('refuses bad filters with a clear message', async () => {
    const bad = envelope<{ fieldErrors: Record<string, string> }>(
      await list(adminToken, { pageSize: 999, cursor: 'x', from: 'yesterday' }),
    );
    expect(bad.code).toBe(400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['cursor', 'from', 'pageSize']);
  });
});

describe('audit export', () => {
  it('streams the filtered set as CSV with a BOM, headers in the request language, safe cells', async () => {
    await entry(demo.id, 'test.formula', { objectName: '=HYPERLINK("http://x")', username: 'eve' });
    const res = await t.app.inject({
      url: '/api/portal/audit/export?username=eve',
      headers: { ...bearer(adminToken), 'cz-lang': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-/);
    const body = res.rawPayload.toString('utf8');
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lines = body.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      '时间,用户,客户端 IP,操作代码,操作,对象类型代码,对象类型,对象名称,对象 ID,操作状态,详情,请求 ID',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain('成功');

    const member = await signIn(t.app, 'demo', demo.member);
    const refused = await t.app.inject({ url: '/api/portal/audit/export', headers: bearer(member) });
    expect(envelope(refused).code).toBe(4037);
    const other = await t.app.inject({
      url: `/api/portal/audit/export?accountId=${acme.id}`,
      headers: bearer(adminToken),
    });
    expect(envelope(other).code).toBe(403);
  });

  it('gives the operation and the object type as code and name, in either language, and the system under one name', async () => {
    const csv = await seedAccount(t.deps, 'csvnames');
    const token = await signIn(t.app, 'csvnames', csv.admin);
    await entry(csv.id, 'user.resetPassword', {
      userId: csv.admin.id,
      username: csv.admin.username,
      objectId: String(csv.member.id),
      objectName: csv.member.username,
    });
    await entry(csv.id, 'instance.opened', { username: null, objectType: 'instance', objectName: 'lh-1' });
    await entry(csv.id, 'user.create', { username: 'system', objectName: 'old_seed_user' });
    await entry(csv.id, 'legacy.thing', { username: 'System', objectName: 'x' });
    const exported = async (lang: string) => {
      const res = await t.app.inject({
        url: '/api/portal/audit/export',
        headers: { ...bearer(token), 'cz-lang': lang },
      });
      expect(res.statusCode).toBe(200);
      const [header = [], ...rows] = res.rawPayload
        .toString('utf8')
        .slice(1)
        .trim()
        .split(/\r?\n/)
        .map(csvCells);
      expect(rows.every((cells) => cells.length === header.length)).toBe(true);
      return rows.map((cells) => Object.fromEntries(header.map((c, i) => [c, cells[i] ?? ''])));
    };

    const en = await exported('en-US');
    const reset = en.find((r) => r['Operation code'] === 'user.resetPassword');
    expect(reset).toMatchObject({
      User: csv.admin.username,
      Operation: "Reset a user's password",
      'Object type code': 'user',
      'Object type': 'User',
      'Object name': csv.member.username,
      'Object ID': String(csv.member.id),
      'Operation status': 'Success',
    });
    expect(en.find((r) => r['Operation code'] === 'auth.login')?.Operation).toBe('Signed in');
    const opened = en.find((r) => r['Operation code'] === 'instance.opened');
    expect(opened).toMatchObject({
      User: 'System',
      Operation: 'Instance opened',
      'Object type': 'Service instance',
    });
    expect(en.find((r) => r['Operation code'] === 'user.create')?.User).toBe('System');
    // A code of an older version is its own name.
    expect(en.find((r) => r['Operation code'] === 'legacy.thing')).toMatchObject({
      Operation: 'legacy.thing',
      User: 'System',
    });

    const zh = await exported('zh-CN');
    const zhOf = (code: string) => zh.find((r) => r.操作代码 === code);
    expect(zhOf('user.resetPassword')).toMatchObject({
      操作: '重置用户密码',
      对象类型代码: 'user',
      对象类型: '用户',
      操作状态: '成功',
    });
    expect(zhOf('auth.login')).toMatchObject({ 操作: '登录' });
    expect(zhOf('instance.opened')).toMatchObject({ 用户: '系统', 操作: '实例已开通' });
    // One spelling of the system: every entry without a user reads 系统.
    const actors = new Set(zh.map((r) => r.用户));
    expect(actors).toEqual(new Set([csv.admin.username, '系统']));
  });

  it('neutralises every formula lead character', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(safeCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(safeCell('plain')).toBe('plain');
  });
});

describe('audit retention', () => {
  it('purges entries whose month is past the retention, keeps the chain verifiable, and logs the purge', async () => {
    const old = await seedAccount(t.deps, 'oldies');
    const start = t.clock.now();
    for (let i = 0; i < 12; i += 1)
      await entry(old.id, `test.old${i}`, { createdAt: new Date(start.getTime() + i) });
    // Entries go with their month, once the whole month is older than the retention period.
    t.clock.advance((t.deps.config.auditRetentionDays + 31) * 86_400_000);
    await entry(old.id, 'test.recent');
    const result = await purgeAuditEntries(t.deps, { batchSize: 5 });
    expect(result.deleted).toBeGreaterThanOrEqual(12);
    const kept = rowsOf<{ action: string }>(
      await t.deps.db.execute(
        sql`select action from audit_entries where account_id = ${old.id} order by seq`,
      ),
    ).map((r) => r.action);
    expect(kept).toEqual(['test.recent', 'audit.purge']);
    const report = await verifyChain(t.deps.db, old.id);
    expect(report.isIntact).toBe(true);
    // Removing the oldest kept entry outside retention shows.
    await t.deps.db.execute(
      sql`delete from audit_entries where account_id = ${old.id} and action = 'test.recent'`,
    );
    expect((await verifyChain(t.deps.db, old.id)).isIntact).toBe(false);
  });

  it('a sign-in is not held up by a purge of its account', async () => {
    const res = await login(t.app, 'demo', demo.admin.username, demo.admin.password);
    expect(envelope(res).code).toBe(0);
  });
});

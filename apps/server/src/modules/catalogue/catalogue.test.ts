/**
 * Operator commands on the catalogue, account tags and instance visibility, run against a real
 * migrated database: export → import round trip, refused files changing nothing, rows missing from
 * a file disabled while instances use them, tags and hiding with their audit entries.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  seedAccount,
  type TSeededAccount,
  type TTestDatabase,
} from '../../../test/harness';
import { loadConfig } from '../../config';
import type { TDeps } from '../../context';
import { rowsOf } from '../../db/client';
import { closeDeps, createDeps } from '../../deps';
import { createManualClock } from '../../lib/clock';
import { verifyChains } from '../audit/audit.chain';
import { runCatalogueCommand } from './catalogue.cli';
import type { TCatalogue } from './catalogue.schema';

let testDb: TTestDatabase;
let deps: TDeps;
let acme: TSeededAccount;
let dir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const clock = createManualClock(new Date('2026-11-01T08:00:00Z'));
  deps = createDeps(loadConfig({ DEMO: '0', JOBS: '0' }), testDb.database, clock);
  acme = await seedAccount(deps, 'acme');
  dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await closeDeps(deps);
  await testDb.drop();
});

type TRun = { code: number; out: string[]; err: string[] };

async function run(command: string, ...args: string[]): Promise<TRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCatalogueCommand(deps, command, args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

async function exported(): Promise<TCatalogue> {
  const { code, out } = await run('catalogue', 'export');
  expect(code).toBe(0);
  return JSON.parse(out.join('\n')) as TCatalogue;
}

let files = 0;
function fileWith(content: unknown): string {
  files += 1;
  const path = join(dir, `catalogue-${files}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await deps.db.execute(text));
}

type TAuditRow = {
  account_id: number | null;
  action: string;
  object_type: string;
  object_name: string | null;
  info: Record<string, unknown>;
};

async function auditAfter(id: number): Promise<TAuditRow[]> {
  return query<TAuditRow>(sql`
    select account_id, action, object_type, object_name, info from audit_entries where id > ${id} order by id`);
}

async function lastAuditId(): Promise<number> {
  const [row] = await query<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_entries`);
  return Number(row?.id ?? 0);
}

async function regionId(csp: string, code: string): Promise<number | null> {
  const [row] = await query<{ id: number }>(
    sql`select id from regions where csp = ${csp} and code = ${code}`,
  );
  return row ? Number(row.id) : null;
}

let instanceCount = 0;
async function insertInstance(
  service: number,
  version: 'trial' | 'formal',
  csp: string,
  region: string,
  status: number,
): Promise<{ id: number; name: string }> {
  instanceCount += 1;
  const name = `inst${String(instanceCount).padStart(4, '0')}`;
  const [row] = await query<{ id: number }>(sql`
    insert into instances (account_id, service_id, version_id, region_id, instance_name, status)
    select ${acme.id}, ${service}, v.id, r.id, ${name}, ${status}
      from service_versions v, regions r
     where v.service_id = ${service} and v.code = ${version} and r.csp = ${csp} and r.code = ${region}
    returning id`);
  if (!row) throw new Error('no such version or region');
  return { id: Number(row.id), name };
}

describe('catalogue export and import', () => {
  it('exports the seeded catalogue with the services of each region', async () => {
    const c = await exported();
    expect(c.services.map((s) => s.code)).toEqual(['studio', 'hengshi', 'decision']);
    expect(c.versions).toHaveLength(6);
    expect(c.versions.find((v) => v.serviceId === 3 && v.code === 'trial')).toMatchObject({
      trialDays: 30,
      userLimit: 5,
      isEnabled: true,
    });
    expect(c.csps.map((p) => p.code)).toEqual(['aliyun', 'tencent', 'huawei', 'aws']);
    expect(c.regions).toHaveLength(8);
    expect(c.regions.find((r) => r.csp === 'aliyun' && r.code === 'cn-shanghai')?.serviceIds).toEqual([
      1, 2, 3,
    ]);
    expect(c.regions.find((r) => r.csp === 'huawei')?.serviceIds).toEqual([1]);
    expect(c.insightRoles.find((r) => r.isDefault)?.code).toBe('analyst');
  });

  it('imports its own export without changing anything, and audits the import for the installation', async () => {
    const before = await exported();
    const ids = await query<{ id: number }>(sql`select id from regions order by id`);
    const auditFrom = await lastAuditId();
    const result = await run('catalogue', 'import', fileWith(before));
    expect(result).toMatchObject({ code: 0, err: [] });
    expect(result.out).toContain('regions: 8 written');
    expect(await exported()).toEqual(before);
    expect(await query<{ id: number }>(sql`select id from regions order by id`)).toEqual(ids);
    const entries = await auditAfter(auditFrom);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      account_id: null,
      action: 'catalogue.import',
      object_type: 'catalogue',
    });
    expect((await verifyChains(deps.db, [0]))[0]?.isIntact).toBe(true);
  });

  it('writes changed and new rows, and the services each region offers', async () => {
    const c = await exported();
    const shanghai = c.regions.find((r) => r.csp === 'aliyun' && r.code === 'cn-shanghai');
    if (!shanghai) throw new Error('seed changed');
    shanghai.nameEn = 'Shanghai';
    shanghai.serviceIds = [1, 3];
    c.regions.push({
      csp: 'aliyun',
      code: 'cn-hangzhou',
      nameZh: '华东1（杭州）',
      nameEn: 'China East 1 (Hangzhou)',
      sort: 9,
      isEnabled: true,
      requiredTag: 'beta-regions',
      serviceIds: [1, 2],
    });
    const formal = c.versions.find((v) => v.serviceId === 3 && v.code === 'formal');
    if (formal) formal.userLimit = 80;
    expect((await run('catalogue', 'import', fileWith(c))).code).toBe(0);
    expect(await exported()).toEqual(c);

    // Back to the seeded state, with the new region gone (nothing uses it).
    const restore = { ...c, regions: c.regions.filter((r) => r.code !== 'cn-hangzhou') };
    if (shanghai) Object.assign(shanghai, { nameEn: 'China East 2 (Shanghai)', serviceIds: [1, 2, 3] });
    if (formal) formal.userLimit = 50;
    const result = await run('catalogue', 'import', fileWith(restore));
    expect(result.code).toBe(0);
    expect(result.out).toContain('regions: 8 written; deleted aliyun/cn-hangzhou');
    expect(await regionId('aliyun', 'cn-hangzhou')).toBeNull();
  });

  it('refuses a bad file with the reasons and changes nothing', async () => {
    const before = await exported();
    const auditFrom = await lastAuditId();

    const notJson = await run('catalogue', 'import', fileWith('{"services": ['));
    expect(notJson.code).toBe(1);
    expect(notJson.err[0]).toMatch(/^cannot read /);

    const missing = await run('catalogue', 'import', join(dir, 'no-such-file.json'));
    expect(missing.code).toBe(1);

    // Shape: a version code that does not exist, an unknown key.
    const badShape = structuredClone(before) as unknown as Record<string, Record<string, unknown>[]>;
    (badShape.services?.[0] as Record<string, unknown>).nameEn = 'Renamed';
    (badShape.versions?.[0] as Record<string, unknown>).code = 'premium';
    (badShape.insightRoles?.[0] as Record<string, unknown>).colour = 'red';
    const shape = await run('catalogue', 'import', fileWith(badShape));
    expect(shape.code).toBe(1);
    expect(shape.out).toEqual([]);
    expect(shape.err[0]).toMatch(/is not a valid catalogue; nothing was changed/);
    expect(shape.err.slice(1).join('\n')).toMatch(/versions\.0\.code: .*\n.*insightRoles\.0: .*colour/);

    // References: each row must name rows of the same file, keys must not repeat.
    const badRefs = structuredClone(before);
    (badRefs.services[0] as { nameEn: string }).nameEn = 'Renamed';
    (badRefs.regions[0] as { serviceIds: number[] }).serviceIds = [1, 42];
    (badRefs.regions[1] as { csp: string }).csp = 'nowhere';
    badRefs.csps.push({ ...(badRefs.csps[0] as TCatalogue['csps'][number]) });
    badRefs.insightRoles = badRefs.insightRoles.map((r) => ({ ...r, isDefault: true }));
    const refs = await run('catalogue', 'import', fileWith(badRefs));
    expect(refs.code).toBe(1);
    expect(refs.err.slice(1)).toEqual([
      '  csps.4.code: repeated provider code',
      '  regions.0.serviceIds.1: no service 42 in the file',
      '  regions.1.csp: no provider nowhere in the file',
      '  insightRoles: at most one role is the default',
    ]);

    const empty = await run('catalogue', 'import', fileWith({ services: [] }));
    expect(empty.code).toBe(1);
    expect(empty.err.join('\n')).toContain('versions');

    expect(await exported()).toEqual(before);
    expect(await auditAfter(auditFrom)).toEqual([]);
  });

  it('answers a database refusal without changing anything', async () => {
    const before = await exported();
    const c = structuredClone(before);
    // Service 2 leaves the file and a new id 9 takes its code: the file is consistent, but the
    // database still holds service 2 (it is only deleted after the new rows are written).
    c.services = c.services.map((s) => (s.id === 2 ? { ...s, id: 9 } : s));
    c.versions = c.versions.map((v) => (v.serviceId === 2 ? { ...v, serviceId: 9 } : v));
    c.regions = c.regions.map((r) => ({ ...r, serviceIds: r.serviceIds.map((id) => (id === 2 ? 9 : id)) }));
    c.csps = c.csps.map((p) => (p.code === 'aws' ? { ...p, nameEn: 'Renamed' } : p));
    const auditFrom = await lastAuditId();
    const result = await run('catalogue', 'import', fileWith(c));
    expect(result.code).toBe(1);
    expect(result.err[0]).toMatch(/^import failed, nothing was changed: /);
    expect(await exported()).toEqual(before);
    expect(await auditAfter(auditFrom)).toEqual([]);
  });

  it("imports the SKUs' list prices; a file without prices leaves them; an unknown SKU changes nothing", async () => {
    const before = await exported();
    expect(before.prices?.find((p) => p.sku === 'vc_gp')).toEqual({ sku: 'vc_gp', unitPriceFen: '40' });
    const priced = structuredClone(before);
    priced.prices = [{ sku: 'vc_gp', unitPriceFen: '41.25' }];
    const result = await run('catalogue', 'import', fileWith(priced));
    expect(result.code).toBe(0);
    expect(result.out.at(-1)).toBe('prices: 1 written');
    const after = await exported();
    expect(after.prices?.find((p) => p.sku === 'vc_gp')?.unitPriceFen).toBe('41.25');
    // The SKUs missing from the file keep their prices.
    expect(after.prices?.filter((p) => p.sku !== 'vc_gp')).toEqual(
      before.prices?.filter((p) => p.sku !== 'vc_gp'),
    );

    const { prices: _prices, ...withoutPrices } = structuredClone(before);
    expect((await run('catalogue', 'import', fileWith(withoutPrices))).code).toBe(0);
    expect((await exported()).prices?.find((p) => p.sku === 'vc_gp')?.unitPriceFen).toBe('41.25');

    const unknown = await run(
      'catalogue',
      'import',
      fileWith({ ...before, prices: [{ sku: 'nope', unitPriceFen: '1' }] }),
    );
    expect(unknown.code).toBe(1);
    expect(unknown.err[0]).toMatch(/^import failed, nothing was changed: no SKU nope/);
    const bad = await run(
      'catalogue',
      'import',
      fileWith({ ...before, prices: [{ sku: 'vc_gp', unitPriceFen: '-3' }] }),
    );
    expect(bad.code).toBe(1);
    expect(bad.err[1]).toMatch(/prices\.0\.unitPriceFen/);
    expect((await run('catalogue', 'import', fileWith(before))).code).toBe(0);
    expect(await exported()).toEqual(before);
  });

  it('disables rows missing from the file that instances use, deletes the others, and enables them again', async () => {
    const original = await exported();
    const beijingId = await regionId('aliyun', 'cn-beijing');
    const instance = await insertInstance(3, 'formal', 'aliyun', 'cn-beijing', 1);
    await deps.db.execute(sql`
      insert into insight_users (instance_id, user_id, account_id, status, role)
      values (${instance.id}, ${acme.member.id}, ${acme.id}, 1, 'viewer')`);

    const reduced: TCatalogue = {
      ...structuredClone(original),
      // aliyun/cn-beijing is used by the instance; tencent/ap-beijing and huawei's only region are not.
      regions: original.regions.filter(
        (r) =>
          !(r.csp === 'aliyun' && r.code === 'cn-beijing') && r.code !== 'ap-beijing' && r.csp !== 'huawei',
      ),
      csps: original.csps.filter((p) => p.code !== 'huawei'),
      // The formal version of Insight is used; the trial of the data assistant is not.
      versions: original.versions.filter(
        (v) => !(v.serviceId === 3 && v.code === 'formal') && !(v.serviceId === 2 && v.code === 'trial'),
      ),
      // 'viewer' is some user's role; 'dataAdmin' nobody's.
      insightRoles: original.insightRoles.filter((r) => r.code !== 'viewer' && r.code !== 'dataAdmin'),
    };
    const result = await run('catalogue', 'import', fileWith(reduced));
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out).toEqual([
      'services: 3 written',
      'versions: 4 written; disabled 3/formal; deleted 2/trial',
      'csps: 3 written; deleted huawei',
      'regions: 5 written; disabled aliyun/cn-beijing; deleted tencent/ap-beijing, huawei/cn-north-4',
      'insightRoles: 1 written; deleted dataAdmin; kept (still in use) viewer',
      `prices: ${original.prices?.length} written`,
    ]);

    // The used region is still there, disabled, with its id, its services and the instance on it.
    expect(await regionId('aliyun', 'cn-beijing')).toBe(beijingId);
    const after = await exported();
    expect(after.regions.find((r) => r.code === 'cn-beijing' && r.csp === 'aliyun')).toMatchObject({
      isEnabled: false,
      serviceIds: [1, 2, 3],
    });
    expect(after.versions.find((v) => v.serviceId === 3 && v.code === 'formal')?.isEnabled).toBe(false);
    expect(after.versions.find((v) => v.serviceId === 2 && v.code === 'trial')).toBeUndefined();
    expect(after.csps.map((p) => p.code)).toEqual(['aliyun', 'tencent', 'aws']);
    expect(after.insightRoles.map((r) => r.code)).toEqual(['analyst', 'viewer']);
    const [row] = await query<{ region_id: number; status: number }>(
      sql`select region_id, status from instances where id = ${instance.id}`,
    );
    expect(row).toEqual({ region_id: beijingId, status: 1 });

    // A provider whose remaining region is in use is disabled, not deleted.
    const withoutAliyun: TCatalogue = {
      ...structuredClone(reduced),
      csps: reduced.csps.filter((p) => p.code !== 'aliyun'),
      regions: reduced.regions.filter((r) => r.csp !== 'aliyun'),
    };
    const second = await run('catalogue', 'import', fileWith(withoutAliyun));
    expect(second.code).toBe(0);
    expect(second.out).toContain('csps: 2 written; disabled aliyun');
    expect(second.out).toContain(
      'regions: 3 written; disabled aliyun/cn-beijing; deleted aliyun/cn-shanghai, aliyun/ap-southeast-1',
    );

    // The original file brings everything back; the used rows keep their ids.
    expect((await run('catalogue', 'import', fileWith(original))).code).toBe(0);
    const restored = await exported();
    expect(restored.regions.find((r) => r.code === 'cn-beijing' && r.csp === 'aliyun')?.isEnabled).toBe(true);
    expect(await regionId('aliyun', 'cn-beijing')).toBe(beijingId);
    // Same catalogue as at first, up to the order of rows of equal sort.
    expect(restored.services).toEqual(original.services);
    expect(restored.csps).toEqual(original.csps);
    expect(restored.regions).toEqual(original.regions);
    expect([...restored.versions].sort((a, b) => a.serviceId - b.serviceId || a.sort - b.sort)).toEqual(
      original.versions,
    );
    expect([...restored.insightRoles].sort((a, b) => a.sort - b.sort)).toEqual(original.insightRoles);

    await deps.db.execute(sql`delete from insight_users where instance_id = ${instance.id}`);
    await deps.db.execute(sql`delete from instances where id = ${instance.id}`);
  });
});

describe('account tags', () => {
  it('sets, changes and removes a tag, each with an audit entry in the account chain', async () => {
    const auditFrom = await lastAuditId();
    expect(await run('account', 'tag', 'set', 'acme', 'beta-regions')).toMatchObject({
      code: 0,
      out: ['tag beta-regions set on acme'],
    });
    expect(await run('account', 'tag', 'set', 'acme', 'beta-regions', 'wave-2')).toMatchObject({
      code: 0,
      out: ["tag beta-regions of acme changed from '' to 'wave-2'"],
    });
    expect(await run('account', 'tag', 'set', 'acme', 'tier', 'gold')).toMatchObject({ code: 0 });
    expect(
      await query<{ key: string; value: string }>(
        sql`select key, value from account_tags where account_id = ${acme.id} order by key`,
      ),
    ).toEqual([
      { key: 'beta-regions', value: 'wave-2' },
      { key: 'tier', value: 'gold' },
    ]);

    expect(await run('account', 'tag', 'remove', 'acme', 'tier')).toMatchObject({
      code: 0,
      out: ['tag tier removed from acme'],
    });
    expect(await run('account', 'tag', 'remove', 'acme', 'tier')).toMatchObject({
      code: 1,
      err: ['acme has no tag tier'],
    });
    expect(
      await query<{ key: string }>(sql`select key from account_tags where account_id = ${acme.id}`),
    ).toEqual([{ key: 'beta-regions' }]);

    const entries = await auditAfter(auditFrom);
    expect(entries.map((e) => [e.account_id, e.action, e.object_type, e.object_name])).toEqual([
      [acme.id, 'account.tag.set', 'account', 'acme'],
      [acme.id, 'account.tag.set', 'account', 'acme'],
      [acme.id, 'account.tag.set', 'account', 'acme'],
      [acme.id, 'account.tag.remove', 'account', 'acme'],
    ]);
    expect(entries[1]?.info).toEqual({ by: 'operator', key: 'beta-regions', value: 'wave-2', previous: '' });
    expect((await verifyChains(deps.db, [acme.id]))[0]?.isIntact).toBe(true);
  });

  it('refuses unknown accounts, bad keys and wrong usage', async () => {
    await expect(run('account', 'tag', 'set', 'nobody', 'k')).rejects.toThrow('no account nobody');
    await expect(run('account', 'tag', 'set', 'acme', 'bad key')).rejects.toThrow(/tag key/);
    await expect(run('account', 'tag', 'set', 'acme', 'k', 'x'.repeat(257))).rejects.toThrow(/tag value/);
    await expect(run('account', 'tag', 'remove', 'acme')).rejects.toThrow(/usage/);
    await expect(run('account', 'tag', 'drop', 'acme', 'k')).rejects.toThrow(/usage/);
  });
});

describe('instance visibility', () => {
  it('hides an opened instance and shows it again, auditing both in the account chain', async () => {
    const instance = await insertInstance(1, 'trial', 'aws', 'ap-southeast-1', 1);
    const auditFrom = await lastAuditId();
    const status = async () =>
      Number(
        (await query<{ status: number }>(sql`select status from instances where id = ${instance.id}`))[0]
          ?.status,
      );

    expect(await run('instance', 'hide', instance.name)).toMatchObject({ code: 0 });
    expect(await status()).toBe(3);
    const again = await run('instance', 'hide', instance.name);
    expect(again.code).toBe(1);
    expect(again.err[0]).toContain('is hidden');
    expect(await run('instance', 'unhide', instance.name)).toMatchObject({ code: 0 });
    expect(await status()).toBe(1);
    expect((await run('instance', 'unhide', instance.name)).code).toBe(1);

    const entries = await auditAfter(auditFrom);
    expect(entries.map((e) => [e.account_id, e.action, e.object_type, e.object_name])).toEqual([
      [acme.id, 'instance.hide', 'instance', instance.name],
      [acme.id, 'instance.unhide', 'instance', instance.name],
    ]);
    expect((await verifyChains(deps.db, [acme.id]))[0]?.isIntact).toBe(true);
  });

  it('leaves instances that are not opened as they are', async () => {
    const opening = await insertInstance(2, 'trial', 'aliyun', 'cn-shanghai', 0);
    const result = await run('instance', 'hide', opening.name);
    expect(result.code).toBe(1);
    expect(result.err[0]).toContain('is opening');
    expect((await run('instance', 'hide', 'nosuch00')).err).toEqual(['no instance nosuch00']);
    await expect(run('instance', 'hide')).rejects.toThrow(/usage/);
  });
});

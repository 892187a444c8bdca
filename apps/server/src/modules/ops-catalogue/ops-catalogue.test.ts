/**
 * The back office's catalogue and issuance through the ops listener's app, on a migrated database:
 * per-row changes of services, versions, regions and prices under the rules of `catalogue import`
 * (what the import refuses is refused here, with the same problem named), a removed row still used
 * only disabled, each change in the installation's audit chain with the operator, role and reason;
 * a price change seen by the customers' SKU list; licences issued, activated and released; invite
 * codes created once in clear, listed masked, and accepted by the registration's check.
 */

import type { TOpsCatalogue } from '@console/contract/ops';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  envelope,
  mintSession,
  seedAccount,
  seedOpenedInstance,
  type TTestApp,
} from '../../../test/harness';
import { auditEntries, inviteCodes } from '../../db/schema';
import { AppError } from '../../errors';
import { translateError } from '../../i18n';
import { verifyChains } from '../audit';
import { parseCatalogue } from '../catalogue/catalogue.schema';
import { activateLicense, issueConsoleLicense } from '../license/license.service';
import { createOperator } from '../operator/operator.service';
import { openOpsSession } from '../operator/operator-session.service';

let t: TTestApp;
let ops: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.opsApp();
  for (const role of ['owner', 'finance', 'support', 'auditor'] as const) {
    const created = await createOperator(t.deps, null, { username: `cat.${role}`, role }, null);
    tokens[role] = (await openOpsSession(t.deps.db, created.operator, 'operator', t.clock.now(), null)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST', url: string, role: string, payload?: unknown, lang = 'en-US') {
  return ops.inject({
    method,
    url,
    headers: { 'cz-lang': lang, authorization: `Bearer ${tokens[role]}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function answer<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  role: string,
  payload?: unknown,
  lang?: string,
) {
  return envelope<T>(await call(method, url, role, payload, lang));
}
const catalogue = async () => (await answer<TOpsCatalogue>('GET', '/api/ops/catalogue', 'auditor')).data;

async function lastInstallationEntry(action: string) {
  const rows = await t.deps.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, action), isNull(auditEntries.accountId)))
    .orderBy(asc(auditEntries.id));
  return rows.at(-1);
}

describe('the catalogue', () => {
  it('lists services, versions, providers, regions and prices with what each price is for', async () => {
    const c = await catalogue();
    expect(c.catalogue.services.map((s) => s.code)).toEqual(['studio', 'hengshi', 'decision']);
    expect(c.catalogue.regions.length).toBeGreaterThan(3);
    expect(c.catalogue.prices?.find((p) => p.sku === 'vc_gp')).toEqual({ sku: 'vc_gp', unitPriceFen: '40' });
    expect(c.skus.find((s) => s.code === 'vc_gp')).toMatchObject({ serviceId: 1, unit: 'CRU-hour' });
  });

  it('adds, changes and removes a service, each audited with the operator, role and reason', async () => {
    const service = { id: 40, code: 'lab', nameZh: '实验室', nameEn: 'Lab', sort: 9 };
    const created = await answer('POST', '/api/ops/catalogue/services/create', 'owner', {
      ...service,
      reason: 'new product line',
    });
    expect(created).toMatchObject({ code: 0, data: { key: '40', outcome: 'written' } });
    expect((await catalogue()).catalogue.services.find((s) => s.id === 40)).toMatchObject({
      code: 'lab',
      nameEn: 'Lab',
      isEnabled: true,
      descriptionEn: '',
    });
    const entry = await lastInstallationEntry('catalogue.service.create');
    expect(entry).toMatchObject({ objectType: 'catalogue', objectName: 'service 40' });
    expect(entry?.info).toMatchObject({
      operator: { username: 'cat.owner', role: 'owner' },
      reason: 'new product line',
      // The audit writer redacts every field named `code`; the row's key names it in objectName.
      after: { nameEn: 'Lab', sort: 9 },
    });

    const updated = await answer('POST', '/api/ops/catalogue/services/update', 'owner', {
      ...service,
      nameEn: 'Laboratory',
      reason: 'rename',
    });
    expect(updated.code).toBe(0);
    expect((await lastInstallationEntry('catalogue.service.update'))?.info).toMatchObject({
      before: { nameEn: 'Lab' },
      after: { nameEn: 'Laboratory' },
    });

    const removed = await answer('POST', '/api/ops/catalogue/services/remove', 'owner', {
      id: 40,
      reason: 'dropped',
    });
    expect(removed.data).toEqual({ key: '40', outcome: 'deleted' });
    expect((await catalogue()).catalogue.services.find((s) => s.id === 40)).toBeUndefined();
    const [report] = await verifyChains(t.deps.db, [0]);
    expect(report?.isIntact).toBe(true);
  });

  it('refuses what the import refuses, naming the same problem, and changes nothing', async () => {
    const before = await catalogue();
    // Another service's code: the import's "repeated service code".
    const taken = await answer<{ problems: string[] }>(
      'POST',
      '/api/ops/catalogue/services/update',
      'owner',
      {
        id: 2,
        code: 'studio',
        nameZh: '重复',
        nameEn: 'Repeated',
        reason: 'try',
      },
    );
    expect(taken.code).toBe(4371);
    const file = structuredClone(before.catalogue);
    const second = file.services.find((s) => s.id === 2);
    if (second) second.code = 'studio';
    const imported = parseCatalogue(file);
    expect(imported.isValid).toBe(false);
    const problem = imported.isValid ? '' : imported.problems[0];
    expect(taken.data.problems).toEqual([problem]);

    // A created row whose key exists; a row that is not there.
    expect(
      (
        await answer('POST', '/api/ops/catalogue/services/create', 'owner', {
          ...before.catalogue.services[0],
          reason: 'x',
        })
      ).code,
    ).toBe(4371);
    expect(
      (
        await answer('POST', '/api/ops/catalogue/regions/update', 'owner', {
          csp: 'aliyun',
          code: 'nowhere-1',
          nameZh: '无',
          nameEn: 'None',
          reason: 'x',
        })
      ).code,
    ).toBe(4372);
    // References to what the catalogue does not have.
    const orphan = await answer<{ problems: string[] }>(
      'POST',
      '/api/ops/catalogue/versions/create',
      'owner',
      {
        serviceId: 77,
        code: 'trial',
        nameZh: '试用',
        nameEn: 'Trial',
        reason: 'x',
      },
    );
    expect(orphan.code).toBe(4373);
    expect(orphan.data.problems[0]).toMatch(/no service 77 in the file/);
    const unknownProvider = await answer('POST', '/api/ops/catalogue/regions/create', 'owner', {
      csp: 'nimbus',
      code: 'r1',
      nameZh: '一',
      nameEn: 'One',
      reason: 'x',
    });
    expect(unknownProvider.code).toBe(4373);

    // A row's own shape, in the caller's language: the import's schema, as a field error.
    const shape = await call(
      'POST',
      '/api/ops/catalogue/services/create',
      'owner',
      {
        id: 41,
        code: 'Bad Code',
        nameZh: '坏',
        nameEn: 'Bad',
        reason: 'x',
      },
      'zh-CN',
    );
    expect(shape.statusCode).toBe(400);
    const fields = envelope<{ fieldErrors: Record<string, string> }>(shape).data.fieldErrors;
    expect(Object.keys(fields)).toEqual(['code']);
    expect(fields.code).toMatch(/[\u4e00-\u9fa5]/);
    // A reason is required.
    const noReason = envelope<{ fieldErrors: Record<string, string> }>(
      await call('POST', '/api/ops/catalogue/services/create', 'owner', {
        id: 41,
        code: 'ok',
        nameZh: '好',
        nameEn: 'Ok',
      }),
    );
    expect(Object.keys(noReason.data.fieldErrors)).toEqual(['reason']);

    expect(await catalogue()).toEqual(before);
  });

  it('adds and changes a version and a region; a region still used is only disabled when removed', async () => {
    const account = await seedAccount(t.deps, 'catregions');
    await seedOpenedInstance(t.deps, account.id, { csp: 'aliyun', region: 'cn-shanghai' });
    const version = await answer('POST', '/api/ops/catalogue/versions/update', 'owner', {
      serviceId: 1,
      code: 'trial',
      nameZh: '试用版',
      nameEn: 'Trial',
      trialDays: 45,
      reason: 'longer trials',
    });
    expect(version.code).toBe(0);
    expect(
      (await catalogue()).catalogue.versions.find((v) => v.serviceId === 1 && v.code === 'trial')?.trialDays,
    ).toBe(45);

    const region = {
      csp: 'aliyun',
      code: 'cn-test-9',
      nameZh: '测试九区',
      nameEn: 'Test 9',
      serviceIds: [1, 3],
    };
    expect(
      (await answer('POST', '/api/ops/catalogue/regions/create', 'owner', { ...region, reason: 'opened' }))
        .code,
    ).toBe(0);
    expect((await catalogue()).catalogue.regions.find((r) => r.code === 'cn-test-9')?.serviceIds).toEqual([
      1, 3,
    ]);
    const unused = await answer('POST', '/api/ops/catalogue/regions/remove', 'owner', {
      csp: 'aliyun',
      code: 'cn-test-9',
      reason: 'closed',
    });
    expect(unused.data).toEqual({ key: 'aliyun/cn-test-9', outcome: 'deleted' });

    const used = await answer('POST', '/api/ops/catalogue/regions/remove', 'owner', {
      csp: 'aliyun',
      code: 'cn-shanghai',
      reason: 'closing the region',
    });
    expect(used.data).toEqual({ key: 'aliyun/cn-shanghai', outcome: 'disabled' });
    const after = await catalogue();
    expect(after.catalogue.regions.find((r) => r.code === 'cn-shanghai')?.isEnabled).toBe(false);
    expect(after.usage.regions).toContain('aliyun/cn-shanghai');
    expect((await lastInstallationEntry('catalogue.region.remove'))?.info).toMatchObject({
      outcome: 'disabled',
      reason: 'closing the region',
    });
  });

  it("sets a price (owner or finance) that the customers' SKU list shows at once", async () => {
    const account = await seedAccount(t.deps, 'catprices');
    const customer = await mintSession(t.deps, account.id, account.admin.id);
    const set = await answer('POST', '/api/ops/catalogue/prices/update', 'finance', {
      sku: 'vc_gp',
      unitPriceFen: '42.5',
      reason: 'price list 2027',
    });
    expect(set).toMatchObject({ code: 0, data: { key: 'vc_gp', outcome: 'written' } });
    const skus = envelope<{ code: string; unitPrice: string }[]>(
      await t.app.inject({
        method: 'GET',
        url: '/api/portal/billing/skuList',
        headers: { authorization: `Bearer ${customer}` },
      }),
    ).data;
    expect(skus.find((s) => s.code === 'vc_gp')?.unitPrice).toBe('42.5');
    expect((await lastInstallationEntry('catalogue.price.update'))?.info).toMatchObject({
      operator: { role: 'finance' },
      before: { unitPriceFen: '40' },
      after: { unitPriceFen: '42.5' },
    });
    // Not a SKU of the billing; not a price.
    expect(
      (
        await answer('POST', '/api/ops/catalogue/prices/update', 'owner', {
          sku: 'nope',
          unitPriceFen: '1',
          reason: 'x',
        })
      ).code,
    ).toBe(4372);
    expect(
      (
        await call('POST', '/api/ops/catalogue/prices/update', 'owner', {
          sku: 'vc_gp',
          unitPriceFen: '-1',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    // Support may not set prices, and nothing changed.
    expect(
      (
        await answer('POST', '/api/ops/catalogue/prices/update', 'support', {
          sku: 'vc_gp',
          unitPriceFen: '1',
          reason: 'x',
        })
      ).code,
    ).toBe(4309);
    expect((await catalogue()).catalogue.prices?.find((p) => p.sku === 'vc_gp')?.unitPriceFen).toBe('42.5');
  });
});

describe('licences', () => {
  it('issues a licence shown once, which activates, lists and releases', async () => {
    const issued = await answer<{ license: string; licenseId: string; customer: string }>(
      'POST',
      '/api/ops/licenses/issue',
      'finance',
      { customer: 'Acme Huawei', days: 90, reason: 'contract 2027-01' },
    );
    expect(issued.code).toBe(0);
    expect(issued.data.license).toMatch(/^HWL1\./);
    const entry = await lastInstallationEntry('license.issue');
    expect(entry).toMatchObject({
      objectType: 'license',
      objectId: issued.data.licenseId,
      objectName: 'Acme Huawei',
    });
    expect(JSON.stringify(entry)).not.toContain(issued.data.license);

    await activateLicense(t.deps, issued.data.license);
    const listed = await answer<{ list: { licenseId: string; status: string }[]; canIssue: boolean }>(
      'GET',
      '/api/ops/licenses',
      'auditor',
    );
    expect(listed.data.canIssue).toBe(true);
    expect(listed.data.list).toContainEqual(
      expect.objectContaining({ licenseId: issued.data.licenseId, status: 'ALIVE' }),
    );

    const released = await answer('POST', '/api/ops/licenses/release', 'owner', {
      licenseId: issued.data.licenseId,
      reason: 'contract ended',
    });
    expect(released.data).toMatchObject({ status: 'RELEASED', customer: 'Acme Huawei' });
    expect((await lastInstallationEntry('license.release'))?.info).toMatchObject({
      operator: { username: 'cat.owner' },
      reason: 'contract ended',
    });
    const again = await answer('POST', '/api/ops/licenses/release', 'owner', {
      licenseId: issued.data.licenseId,
      reason: 'twice',
    });
    expect(again.code).toBe(4375);
  });

  it('refuses to sign where a configured public key verifies licences (its private key is off the server)', async () => {
    const configured = { ...t.deps, config: { ...t.deps.config, licensePublicKey: 'configured public key' } };
    const refusal = await issueConsoleLicense(configured, { customer: 'x', days: 1 }, async () => {
      throw new Error('nothing is audited');
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe(4374);
    expect(translateError('zh-CN', '4374')).toMatch(/license-issue/);
  });
});

describe('invite codes', () => {
  it('creates a code shown once, lists it masked with its state, and refuses a repeated one', async () => {
    const created = await answer<{ code: string; maxUses: number; expiresAt: string | null }>(
      'POST',
      '/api/ops/invite-codes',
      'support',
      { code: 'WELCOME2027', maxUses: 3, validDays: 30, reason: 'partner event' },
    );
    expect(created.data).toEqual({
      code: 'WELCOME2027',
      maxUses: 3,
      expiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    const generated = await answer<{ code: string }>('POST', '/api/ops/invite-codes', 'owner', {
      maxUses: 1,
      validDays: null,
      reason: 'one customer',
    });
    expect(generated.data.code).toMatch(/^[A-Za-z0-9]{12}$/);

    const list = await answer<{
      list: { codeMasked: string; state: string; usedCount: number }[];
      total: number;
    }>('GET', '/api/ops/invite-codes?pageNo=1&pageSize=10', 'auditor');
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((i) => i.codeMasked)).toContain('WE•••••••••');
    expect(JSON.stringify(list.data)).not.toContain('WELCOME2027');
    expect(list.data.list.every((i) => i.state === 'usable')).toBe(true);

    const entry = await lastInstallationEntry('inviteCode.create');
    expect(entry).toMatchObject({ objectType: 'inviteCode' });
    expect(JSON.stringify(entry)).not.toContain(generated.data.code);

    expect(
      (
        await answer('POST', '/api/ops/invite-codes', 'owner', {
          code: 'WELCOME2027',
          maxUses: 1,
          validDays: null,
          reason: 'x',
        })
      ).code,
    ).toBe(4376);
    expect(
      (await answer('POST', '/api/ops/invite-codes', 'finance', { maxUses: 1, validDays: null, reason: 'x' }))
        .code,
    ).toBe(4309);

    // A used-up code says so.
    await t.deps.db.update(inviteCodes).set({ usedCount: 3 }).where(eq(inviteCodes.code, 'WELCOME2027'));
    const later = await answer<{ list: { codeMasked: string; state: string }[] }>(
      'GET',
      '/api/ops/invite-codes',
      'owner',
    );
    expect(later.data.list.find((i) => i.codeMasked.startsWith('WE'))?.state).toBe('usedUp');
  });
});

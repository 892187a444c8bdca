/**
 * Feature flags are enforced by the server, not only hidden by the console: every route of a
 * feature that is off answers 4107 to everyone, whatever the request, and changes nothing; phones
 * outside mainland China are refused while the global phone flag is off.
 */
import { featuresOf, routes, type TRouteId } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from './db-snapshot';
import { bearer, createTestApp, envelope, seedAccount, signIn, type TTestApp } from './harness';

const allOff = {
  FEATURE_REGISTER: '0',
  FEATURE_MARKETPLACE_REGISTER: '0',
  FEATURE_HUAWEI_LICENSE: '0',
  FEATURE_CRU_BILLING: '0',
  FEATURE_GLOBAL_PHONE: '0',
};

const flagged = (Object.keys(routes) as TRouteId[]).filter((id) => featuresOf(id) !== null);

function urlOf(id: TRouteId): string {
  return routes[id].path.replace(/:(\w+)/g, 'x1');
}

describe('with every feature off', () => {
  let t: TTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: allOff });
    const account = await seedAccount(t.deps, 'flags');
    admin = await signIn(t.app, 'flags', account.admin);
  });
  afterAll(() => t.close());

  it('covers registration, marketplace registration, licences and billing', () => {
    expect(flagged).toEqual(
      expect.arrayContaining([
        'createAccount',
        'createAwsMktAccount',
        'checkAwsMktToken',
        'sendAuthCodeForUnregistered',
        'updateRegistrationInfo',
        'listLicenses',
        'activateLicense',
        'billingCount',
        'getPayQrcode',
        'getFundsAccount',
        'updateAlert',
        'saveWebhook',
      ]),
    );
    // The business licence upload serves real-name verification too.
    expect(flagged).not.toContain('certificationUpload');
    expect(featuresOf('login')).toBeNull();
  });

  it('answers 4107 on every route of a feature that is off, to anyone, and changes nothing', async () => {
    const before = await snapshotDatabase(t.deps.database);
    const wrong: string[] = [];
    for (const id of flagged) {
      for (const headers of [{}, bearer(admin)]) {
        const res = await t.app.inject({
          method: routes[id].method,
          url: urlOf(id),
          headers: { 'cz-lang': 'en-US', ...headers },
          ...(routes[id].method === 'POST' ? { payload: {} } : {}),
        });
        const body = envelope<{ feature: string }>(res);
        if (
          body.code !== ErrorCode.featureDisabled ||
          !featuresOf(id)?.includes(body.data.feature as never)
        ) {
          wrong.push(`${id}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await snapshotDatabase(t.deps.database))).toEqual([]);
  });

  it('names the feature in the user language', async () => {
    const en = envelope(
      await t.app.inject({ method: 'POST', url: '/api/portal/account/createAccount', payload: {} }),
    );
    expect(en.message).toBe('本安装已关闭自助注册。');
    const billing = envelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/billing/count',
        headers: { ...bearer(admin), 'cz-lang': 'en-US' },
        payload: {},
      }),
    );
    expect(billing).toMatchObject({
      code: ErrorCode.featureDisabled,
      message: 'Billing is turned off on this installation.',
      data: { feature: 'cruBilling' },
    });
  });

  it('refuses phone numbers outside mainland China, and takes mainland ones', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/addUser',
      headers: { ...bearer(admin), 'cz-lang': 'en-US' },
      payload: { username: 'abroad_user', password: 'Abroad@2026x', phone: '2025550123', phoneCode: '+1' },
    });
    expect(envelope(foreign)).toMatchObject({
      code: ErrorCode.featureDisabled,
      message: 'The use of phone numbers outside mainland China is turned off on this installation.',
      data: { feature: 'globalPhone' },
    });
    const mainland = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/addUser',
      headers: { ...bearer(admin), 'cz-lang': 'en-US' },
      payload: {
        username: 'mainland_user',
        password: 'Mainland@2026x',
        phone: '13912345678',
        phoneCode: '86',
      },
    });
    expect(envelope(mainland).code).toBe(0);
  });
});

describe('with one of two registration features on', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...allOff, FEATURE_MARKETPLACE_REGISTER: '1', FEATURE_GLOBAL_PHONE: '1' },
    });
  });
  afterAll(() => t.close());

  it('sends registration codes for the marketplace registration, and registers nobody by itself', async () => {
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCodeForUnregistered',
      payload: { authCodeType: 'SMS', phone: '2025550123', phoneCode: '1', authMethod: 'REGISTER_FORM' },
    });
    expect(envelope(send).code).toBe(0);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/portal/account/createAccount',
      payload: {},
    });
    expect(envelope(create)).toMatchObject({
      code: ErrorCode.featureDisabled,
      data: { feature: 'register' },
    });
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TTestApp } from '../../../test/harness';
import { loadConfig } from '../../config';
import { huaweiLicenses } from '../../db/schema';
import { issueDevLicense, issueLicense, releaseLicense } from './license.service';

const activate = (t: TTestApp, license: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/portal/huaweiLicense/activate?license=${encodeURIComponent(license)}`,
    headers: { 'cz-lang': 'en-US' },
  });

describe('Huawei-cloud licenses', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { FEATURE_HUAWEI_LICENSE: '1' } });
  });
  afterAll(() => t.close());

  it('activates a license signed with the configured key, and lists it as ALIVE', async () => {
    const license = issueDevLicense({
      customer: 'Huawei Tenant',
      days: 365,
      now: t.clock.now(),
      id: 'lic-1',
    });
    const res = envelope<{ license: string; status: string; activeTime: string; expireTime: string }>(
      await activate(t, license),
    );
    expect(res).toMatchObject({ code: 0, data: { license: 'lic-1 (Huawei Tenant)', status: 'ALIVE' } });
    expect(new Date(res.data.expireTime).getTime() - t.clock.now().getTime()).toBe(365 * 86_400_000);
    // Activating it again answers the same license.
    expect(envelope(await activate(t, license)).data).toEqual(res.data);
    const list = envelope<{ license: string; status: string }[]>(
      await t.app.inject('/api/portal/huaweiLicense/listLicenses'),
    ).data;
    expect(list).toEqual([res.data]);
  });

  it('refuses forged licenses (4030) and expired or released ones (4031)', async () => {
    const license = issueDevLicense({ customer: 'Tenant', days: 30, now: t.clock.now(), id: 'lic-2' });
    const [tag, body, signature] = license.split('.');
    const payload = JSON.parse(Buffer.from(String(body), 'base64url').toString());
    const tampered = `${tag}.${Buffer.from(JSON.stringify({ ...payload, expireTime: '2099-01-01T00:00:00Z' })).toString('base64url')}.${signature}`;
    expect(envelope(await activate(t, tampered))).toMatchObject({
      code: ErrorCode.licenseInvalid,
      message: 'The license is invalid: its signature does not verify.',
    });
    const { privateKey } = generateKeyPairSync('ed25519');
    const otherKey = issueLicense(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), {
      customer: 'Tenant',
      days: 30,
    });
    expect(envelope(await activate(t, otherKey)).code).toBe(ErrorCode.licenseInvalid);
    expect(envelope(await activate(t, 'not a license')).code).toBe(ErrorCode.licenseInvalid);

    const old = issueDevLicense({
      customer: 'Tenant',
      days: 1,
      now: new Date(t.clock.now().getTime() - 2 * 86_400_000),
    });
    expect(envelope(await activate(t, old)).code).toBe(ErrorCode.licenseExpired);

    expect(envelope(await activate(t, license)).code).toBe(0);
    expect(await releaseLicense(t.deps, 'lic-2')).toBe(true);
    expect(envelope(await activate(t, license)).code).toBe(ErrorCode.licenseExpired);
    const statuses = envelope<{ license: string; status: string }[]>(
      await t.app.inject('/api/portal/huaweiLicense/listLicenses'),
    ).data;
    expect(statuses.find((l) => l.license.startsWith('lic-2'))?.status).toBe('RELEASED');
    t.clock.advance(400 * 86_400_000);
    const later = envelope<{ license: string; status: string }[]>(
      await t.app.inject('/api/portal/huaweiLicense/listLicenses'),
    ).data;
    expect(later.find((l) => l.license.startsWith('lic-1'))?.status).toBe('EXPIRED');
  });

  it('verifies with the configured public key, and never with the development key in production', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const configured = { ...t.deps, config: { ...t.deps.config, licensePublicKey: pem } };
    const { activateLicense } = await import('./license.service');
    const own = issueLicense(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), {
      customer: 'Own',
      days: 10,
      now: t.clock.now(),
    });
    expect((await activateLicense(configured, own)).status).toBe('ALIVE');
    await expect(
      activateLicense(configured, issueDevLicense({ customer: 'Dev', days: 10, now: t.clock.now() })),
    ).rejects.toMatchObject({
      code: ErrorCode.licenseInvalid,
    });
    const production = {
      ...t.deps,
      config: {
        ...loadConfig({ NODE_ENV: 'production', SECRET_KEY: 's'.repeat(40), FEATURE_HUAWEI_LICENSE: '1' }),
      },
    };
    // Production without a key of its own: activation is not configured (no development key).
    await expect(
      activateLicense(production, issueDevLicense({ customer: 'Dev', days: 10, now: t.clock.now() })),
    ).rejects.toMatchObject({
      code: ErrorCode.licenseNotConfigured,
    });
  });
});

describe('without the license feature', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the license routes answer that the feature is off, and activate nothing', async () => {
    const list = await t.app.inject('/api/portal/huaweiLicense/listLicenses');
    expect(envelope(list)).toMatchObject({
      code: ErrorCode.featureDisabled,
      data: { feature: 'huaweiLicense' },
    });
    const activated = await activate(t, issueDevLicense({ customer: 'x', days: 1 }));
    expect(envelope(activated).code).toBe(ErrorCode.featureDisabled);
    expect(envelope(activated).message).toBe(
      'Huawei-cloud licence activation is turned off on this installation.',
    );
    expect(await t.deps.db.select().from(huaweiLicenses)).toEqual([]);
  });
});

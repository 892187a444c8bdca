import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  seedAccount,
  seedOpenedInstance,
  signIn,
  type TTestApp,
} from '../../../test/harness';
import { freshShare } from '../../../test/share-fixture';
import {
  addressAttempts,
  captchas,
  jobProfileShares,
  loginAttempts,
  outbox,
  sessions,
  verificationCodes,
} from '../../db/schema';
import { retentionJob } from './retention.jobs';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('retention job', () => {
  it('removes ended sessions and stale wrong-password counts, keeps live ones, and reschedules itself', async () => {
    const demo = await seedAccount(t.deps, 'demo');
    const ended = await signIn(t.app, 'demo', demo.member);
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { accountDisplayName: 'demo', username: 'x_user', password: 'bad' },
    });
    expect(await t.deps.db.select().from(addressAttempts)).toHaveLength(1);
    t.clock.advance(31 * 60_000 + 24 * 3_600_000);
    const live = await signIn(t.app, 'demo', demo.admin);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(live) });
    const fresh = await signIn(t.app, 'demo', demo.admin);

    const result = await retentionJob(
      { id: 1, kind: 'retention', payload: {}, attempts: 1, maxAttempts: 5 },
      t.deps,
    );
    expect(result).toEqual({ nextRunAt: new Date(t.clock.now().getTime() + 10 * 60_000) });

    const left = await t.deps.db.select().from(sessions);
    expect(left).toHaveLength(2); // the fresh one and the just-revoked one (kept a day)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/portal/user/getUserAuth', headers: bearer(fresh) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/portal/user/getUserAuth', headers: bearer(ended) }))
        .statusCode,
    ).toBe(401);
    expect(await t.deps.db.select().from(loginAttempts)).toHaveLength(0);
    // The failure of the client's address a day ago is gone too.
    expect(await t.deps.db.select().from(addressAttempts)).toHaveLength(0);
  });

  it('removes codes, check tokens, captchas, challenges and outbox messages once they are old', async () => {
    const { createCaptcha } = await import('../captcha');
    await createCaptcha(t.deps);
    await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendPhoneAuthCode',
      payload: { phone: '13800000009', authMethod: 'FIND_PASSWORD' },
    });
    expect((await t.deps.db.select().from(verificationCodes)).length).toBeGreaterThan(0);
    t.clock.advance(8 * 86_400_000);
    await retentionJob({ id: 1, kind: 'retention', payload: {}, attempts: 1, maxAttempts: 5 }, t.deps);
    expect(await t.deps.db.select().from(verificationCodes)).toHaveLength(0);
    expect(await t.deps.db.select().from(captchas)).toHaveLength(0);
    expect(await t.deps.db.select().from(outbox)).toHaveLength(0);
  });

  it('removes job-profile share links 30 days after they expired, and keeps newer ones', async () => {
    const acme = await seedAccount(t.deps, 'acme');
    const instanceId = await seedOpenedInstance(t.deps, acme.id, { openedDaysAgo: 7 });
    const ended = await freshShare(t.deps, { accountId: acme.id, instanceId, createdBy: acme.admin.id });
    t.clock.advance(20 * 86_400_000);
    const recent = await freshShare(t.deps, { accountId: acme.id, instanceId, createdBy: acme.admin.id });
    t.clock.advance(12 * 86_400_000);
    await retentionJob({ id: 1, kind: 'retention', payload: {}, attempts: 1, maxAttempts: 5 }, t.deps);
    const left = (await t.deps.db.select({ id: jobProfileShares.id }).from(jobProfileShares)).map(
      (r) => r.id,
    );
    expect(left).toContain(recent);
    expect(left).not.toContain(ended);
  });
});

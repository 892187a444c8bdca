import { ErrorCode } from '@console/contract/codes';
import { eq } from 'drizzle-orm';
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
} from '../../../test/harness';
import { users } from '../../db/schema';
import { insertUser } from '../user/user.repository';
import { createPasswordReminderJob } from './password.jobs';

let t: TTestApp;
let demo: TSeededAccount;
beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
});
afterAll(() => t.close());

const en = { 'cz-lang': 'en-US' };
const strict = {
  requiredCharTypes: ['DIGIT', 'LOWERCASE', 'UPPERCASE', 'SPECIAL'],
  minLength: 10,
  expireDays: 0,
};

async function savePolicy(token: string, policy: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/password/policy/save',
    headers: { ...bearer(token), ...en },
    payload: policy,
  });
}
async function newUser(username: string, password: string) {
  const id = await insertUser(t.deps.db, {
    accountId: demo.id,
    username,
    passwordHash: await t.deps.hasher.hash(password),
    email: `${username}@demo.example`,
  });
  // The password dates from the test clock's now, not the database's.
  await t.deps.db.update(users).set({ passwordChangedAt: t.clock.now() }).where(eq(users.id, id));
  return { id, username, password };
}

describe('password policy', () => {
  it('defaults to lower and upper case, 8 characters, permanent; readable without a session by account', async () => {
    const token = await signIn(t.app, 'demo', demo.member);
    const own = envelope(
      await t.app.inject({ url: '/api/portal/password/policy/get', headers: bearer(token) }),
    );
    expect(own.data).toEqual({ requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 });
    const byName = envelope(await t.app.inject('/api/portal/password/policy/get?accountName=DEMO'));
    const unknown = envelope(await t.app.inject('/api/portal/password/policy/get?accountName=nosuchaccount'));
    expect(byName.data).toEqual(own.data);
    expect(unknown.data).toEqual(own.data);
  });

  it('is saved by administrators only, under the form rules', async () => {
    const member = await signIn(t.app, 'demo', demo.member);
    expect(envelope(await savePolicy(member, strict)).code).toBe(ErrorCode.notAccountAdmin);
    const admin = await signIn(t.app, 'demo', demo.admin);
    const oneClass = await savePolicy(admin, { ...strict, requiredCharTypes: ['DIGIT', 'DIGIT'] });
    expect(envelope(oneClass)).toMatchObject({
      code: 400,
      data: { fieldErrors: { requiredCharTypes: 'Choose at least 2 character types' } },
    });
    expect((await savePolicy(admin, { ...strict, minLength: 7 })).statusCode).toBe(400);
    expect((await savePolicy(admin, { ...strict, minLength: 33 })).statusCode).toBe(400);
    expect((await savePolicy(admin, { ...strict, expireDays: 366 })).statusCode).toBe(400);
    const saved = envelope(await savePolicy(admin, { ...strict, expireDays: 180 }));
    expect(saved).toMatchObject({ code: 0, data: { ...strict, expireDays: 180 } });
    expect(
      envelope(await t.app.inject({ url: '/api/portal/password/policy/get', headers: bearer(admin) })).data,
    ).toEqual({
      ...strict,
      expireDays: 180,
    });
    await savePolicy(admin, { ...strict, expireDays: 0 });
  });

  it('is enforced on every new password, naming the minimum length and the classes', async () => {
    const user = await newUser('policy_user', 'Policy@2026pass');
    const token = await signIn(t.app, 'demo', user);
    const change = (newPassword: string, lang = 'en-US') =>
      t.app.inject({
        method: 'POST',
        url: '/api/portal/user/changePassword',
        headers: { ...bearer(token), 'cz-lang': lang },
        payload: { oldPassword: user.password, newPassword },
      });
    const types = 'digits, lowercase letters, uppercase letters, special characters';
    expect(envelope(await change('Ab1!short'))).toMatchObject({
      code: ErrorCode.passwordTooShort,
      message: `The password does not meet the password policy: at least 10 characters, with ${types}.`,
    });
    expect(envelope(await change(`Ab1!${'x'.repeat(29)}`)).code).toBe(ErrorCode.passwordTooLong);
    const missingOne: [string, string][] = [
      ['DIGIT', 'Abcdefgh!!'],
      ['LOWERCASE', 'ABCDEFG1!!'],
      ['UPPERCASE', 'abcdefg1!!'],
      ['SPECIAL', 'Abcdefgh12'],
    ];
    for (const [missing, password] of missingOne) {
      expect(envelope(await change(password)).code, `missing ${missing}`).toBe(
        ErrorCode.passwordMissingCharTypes,
      );
    }
    expect(envelope(await change('Abc 1!defgh')).code).toBe(ErrorCode.passwordInvalidChars);
    expect(envelope(await change('Abcdé1!fghij')).code).toBe(ErrorCode.passwordInvalidChars);
    expect(envelope(await change('Ab1!short', 'zh-CN')).message).toBe(
      '密码不符合密码策略：至少 10 位，需包含数字、小写字母、大写字母、特殊字符。',
    );
  });

  it('refuses the current password as the new one (5063) and a wrong current password (4033)', async () => {
    const admin = await signIn(t.app, 'demo', demo.admin);
    await savePolicy(admin, { requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 });
    const user = await newUser('same_user', 'Same@2026pass');
    const token = await signIn(t.app, 'demo', user);
    const change = (oldPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/portal/user/changePassword',
        headers: { ...bearer(token), ...en },
        payload: { oldPassword, newPassword },
      });
    expect(envelope(await change(user.password, user.password)).code).toBe(ErrorCode.passwordSameAsOld);
    expect(envelope(await change('Wrong@2026pass', 'Other@2026pass'))).toMatchObject({
      code: ErrorCode.oldPasswordWrong,
      message: 'The current password is wrong.',
    });
  });

  it('changing the password ends the user’s other sessions and keeps this one', async () => {
    const user = await newUser('change_user', 'Change@2026pass');
    const here = await signIn(t.app, 'demo', user);
    const elsewhere = await signIn(t.app, 'demo', user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/changePassword',
      headers: { ...bearer(here), ...en },
      payload: { oldPassword: user.password, newPassword: 'Changed@2026pass' },
    });
    expect(envelope(res).code).toBe(0);
    const whoAmI = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/portal/user/getCurrentUser',
        headers: bearer(token),
        payload: {},
      });
    expect(envelope(await whoAmI(here)).code).toBe(0);
    expect(envelope(await whoAmI(elsewhere)).code).toBe(ErrorCode.sessionRevoked);
    expect(envelope(await login(t.app, 'demo', user.username, user.password)).code).toBe(
      ErrorCode.wrongPassword,
    );
    expect(envelope(await login(t.app, 'demo', user.username, 'Changed@2026pass')).code).toBe(0);
  });

  it('a password older than the policy validity makes the sign-in answer 5066; one reminder e-mail comes 7 days before', async () => {
    const admin = await signIn(t.app, 'demo', demo.admin);
    await savePolicy(admin, { requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 30 });
    const user = await newUser('expiry_user', 'Expiry@2026pass');
    const job = createPasswordReminderJob(t.app.log);
    const run = () =>
      job({ id: 1, kind: 'password-reminders', payload: {}, attempts: 1, maxAttempts: 5 }, t.deps);
    const reminders = async () =>
      envelope<{ list: { subject: string; code: string | null }[] }>(
        await t.app.inject(`/api/dev/outbox?to=${user.username}@demo.example`),
      ).data.list.filter((m) => m.code === null && m.subject.includes('2026-12-01'));

    t.clock.advance(20 * 86_400_000);
    await run();
    expect(await reminders()).toHaveLength(0);
    t.clock.advance(4 * 86_400_000);
    await run();
    await run();
    expect(await reminders()).toHaveLength(1);

    t.clock.advance(7 * 86_400_000);
    const expired = envelope(await login(t.app, 'demo', user.username, user.password));
    expect(expired).toMatchObject({ code: ErrorCode.passwordMustReset, data: { username: user.username } });
    await savePolicy(await signIn(t.app, 'demo', demo.admin), {
      requiredCharTypes: ['LOWERCASE', 'UPPERCASE'],
      minLength: 8,
      expireDays: 0,
    });
    expect(envelope(await login(t.app, 'demo', user.username, user.password)).code).toBe(0);
  });
});

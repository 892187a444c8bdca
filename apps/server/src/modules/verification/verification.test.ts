import { ErrorCode } from '@console/contract/codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  knownCaptcha,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { codeIn, startSmtpServer } from '../../../test/peers';
import { aliyunSmsEnv, aliyunTemplateIds, startAliyunSms } from '../../../test/provider-peers/sms-env';
import { loadConfig } from '../../config';
import { accounts, auditEntries, checkTokens, outbox, verificationCodes } from '../../db/schema';

let t: TTestApp;
let demo: TSeededAccount;
let token: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sms: Awaited<ReturnType<typeof startAliyunSms>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  sms = await startAliyunSms();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Console <no-reply@console.test>',
      ...aliyunSmsEnv(sms),
      // Long enough for a busy machine's first SDK call, short enough for the test that waits it out.
      SEND_TIMEOUT_MS: '1500',
    },
  });
  demo = await seedAccount(t.deps, 'demo');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await sms.close();
});
beforeEach(async () => {
  // Each test starts well after the sends of the previous one (per-target limits are per hour).
  t.clock.advance(2 * 3_600_000);
  sms.state.reset();
  token = await signIn(t.app, 'demo', demo.admin);
});

const en = { 'cz-lang': 'en-US' };

function sendToSelf(type: 'SMS' | 'EMAIL', purpose: string, extra = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/portal/common/sendAuthCode?authCodeType=${type}${extra}`,
    headers: { ...bearer(token), ...en, authmethod: purpose },
  });
}
function checkSelf(type: 'SMS' | 'EMAIL', purpose: string, code: string, extra = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/portal/common/checkAuthCode?authCodeType=${type}${extra}`,
    headers: { ...bearer(token), ...en, authmethod: purpose, authcode: code },
  });
}
function sendToPhone(
  phone: string,
  purpose: string,
  captcha?: { captchaId: string; captchaCode: string },
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/common/sendPhoneAuthCode',
    headers: en,
    payload: { phone, authMethod: purpose, ...captcha },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
function checkPhone(phone: string, purpose: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/common/checkPhoneAuthCode',
    headers: en,
    payload: { phone, authMethod: purpose, code },
  });
}
const lastSms = () =>
  sms.state.sent.at(-1) as unknown as { phone: string; params: { code: string; minutes: string } };

describe('e-mail codes', () => {
  it('go out over SMTP with the code and its validity, and verify into a single-use checkToken', async () => {
    const before = smtp.mails.length;
    const res = envelope<{
      authCodeType: string;
      target: string;
      expiresInSeconds: number;
      resendAfterSeconds: number;
    }>(await sendToSelf('EMAIL', 'UPDATE_USER_INFO'));
    expect(res).toMatchObject({
      code: 0,
      data: {
        authCodeType: 'EMAIL',
        target: 'ad***@demo.example',
        expiresInSeconds: 600,
        resendAfterSeconds: 60,
      },
    });
    expect(smtp.mails.length).toBe(before + 1);
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toEqual(['admin@demo.example']);
    expect(mail?.from).toBe('no-reply@console.test');
    const code = codeIn(mail?.raw ?? '');
    expect(mail?.raw).toContain(`Subject: Data Platform Console: your verification code ${code}`);
    expect(mail?.raw).toContain('valid for 10 minutes');
    expect(mail?.raw).toContain('update your user information');
    // The code is stored only as a digest, and the answer never carries it.
    const rows = await t.deps.db.select().from(verificationCodes);
    for (const row of rows)
      expect(row.codeHash.toString('hex')).not.toContain(Buffer.from(code).toString('hex'));
    expect(JSON.stringify(res)).not.toContain(code);

    const checked = envelope<{ checkToken: string; checkCodeType: string }>(
      await checkSelf('EMAIL', 'UPDATE_USER_INFO', code),
    );
    expect(checked.code).toBe(0);
    expect(checked.data.checkCodeType).toBe('EMAIL');
    expect(checked.data.checkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.deps.db.select().from(checkTokens);
    expect(stored.some((r) => r.tokenHash.toString('base64url') === checked.data.checkToken)).toBe(false);
    // The code serves once; a wrong code afterwards is just wrong.
    expect(envelope(await checkSelf('EMAIL', 'UPDATE_USER_INFO', code)).code).toBe(ErrorCode.codeAlreadyUsed);
    const other = code === '000000' ? '111111' : '000000';
    expect(envelope(await checkSelf('EMAIL', 'UPDATE_USER_INFO', other)).code).toBe(ErrorCode.codeMismatch);
  });

  it('are written to the development outbox, in the request language', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCode?authCodeType=EMAIL',
      headers: { ...bearer(token), 'cz-lang': 'zh-CN', authmethod: 'BIND_EMAIL' },
    });
    const res = envelope<{
      list: { channel: string; to: string; subject: string; text: string; code: string }[];
    }>(await t.app.inject('/api/dev/outbox?to=ADMIN@demo.example'));
    const latest = res.data.list[0];
    expect(latest?.channel).toBe('email');
    expect(latest?.to).toBe('admin@demo.example');
    expect(latest?.subject).toBe(`数据平台控制台：您的验证码 ${latest?.code}`);
    expect(latest?.text).toContain('绑定邮箱');
  });
});

describe('SMS codes', () => {
  it('go through the provider with the code template, the number and the code and its validity', async () => {
    const res = envelope(await sendToPhone('13800000000', 'FIND_PASSWORD'));
    expect(res.code).toBe(0);
    // The peer checked the request's ACS3 signature before it accepted the message.
    expect(sms.state.sent.at(-1)).toMatchObject({
      phone: '+8613800000000',
      template: aliyunTemplateIds.code,
      params: { minutes: '5' },
      outcome: 'ok',
    });
    const code = lastSms().params.code;
    expect(code).toMatch(/^\d{6}$/);
    expect(envelope(await checkPhone('13800000000', 'FIND_PASSWORD', code)).code).toBe(0);
  });

  it('say why the provider refused (rate limit 4196, invalid number 4197, else 4097), and the user can ask again at once', async () => {
    sms.state.setOutcome('+8613800000001', 'rateLimit');
    expect(envelope(await sendToPhone('13800000001', 'FIND_PASSWORD'))).toMatchObject({
      code: ErrorCode.smsRateLimited,
      message: 'Too many text messages have been sent to this number. Try again later.',
    });
    sms.state.setOutcome('+8613800000001', 'invalidNumber');
    expect(envelope(await sendToPhone('13800000001', 'FIND_PASSWORD'))).toMatchObject({
      code: ErrorCode.smsNumberInvalid,
      message: 'The text message could not be sent: the phone number is not valid.',
    });
    sms.state.setOutcome('+8613800000001', 'refused');
    expect(envelope(await sendToPhone('13800000001', 'FIND_PASSWORD'))).toMatchObject({
      code: ErrorCode.sendCodeFailed,
      message: 'Failed to send the verification code',
    });
    // No code of the failures is kept: neither a wait before asking again nor a captcha.
    sms.state.setOutcome('+8613800000001', 'ok');
    expect(envelope(await sendToPhone('13800000001', 'FIND_PASSWORD')).code).toBe(0);
    expect(envelope(await checkPhone('13800000001', 'FIND_PASSWORD', lastSms().params.code)).code).toBe(0);
  });

  it('answer 4097 when the provider does not answer in time, keep no code, and let the user ask again', async () => {
    sms.state.setOutcome('+8613800000002', 'hang');
    const res = envelope(await sendToPhone('13800000002', 'FIND_PASSWORD'));
    expect(res.code).toBe(ErrorCode.sendCodeFailed);
    const kept = await t.deps.db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(eq(verificationCodes.target, '+86 13800000002'));
    expect(kept).toEqual([]);
    // A failed send cannot be checked.
    expect(envelope(await checkPhone('13800000002', 'FIND_PASSWORD', '123456')).code).toBe(
      ErrorCode.codeMismatch,
    );
    sms.state.setOutcome('+8613800000002', 'ok');
    expect(envelope(await sendToPhone('13800000002', 'FIND_PASSWORD')).code).toBe(0);
  });

  it('write the send’s audit entry with its outcome: the provider’s code when it refused', async () => {
    const entries = () =>
      t.deps.db
        .select({ status: auditEntries.status, info: auditEntries.info })
        .from(auditEntries)
        .where(eq(auditEntries.action, 'verification.send'))
        .orderBy(auditEntries.id);
    const before = (await entries()).length;
    sms.state.setOutcome('+8613800000000', 'dayLimit');
    expect(envelope(await sendToSelf('SMS', 'UPDATE_USER_INFO')).code).toBe(ErrorCode.smsRateLimited);
    sms.state.setOutcome('+8613800000000', 'ok');
    expect(envelope(await sendToSelf('SMS', 'UPDATE_USER_INFO')).code).toBe(0);
    expect((await entries()).slice(before)).toEqual([
      { status: 0, info: { purpose: 'UPDATE_USER_INFO', failure: 'isv.DAY_LIMIT_CONTROL' } },
      { status: 1, info: { purpose: 'UPDATE_USER_INFO' } },
    ]);
  });

  it('refuse a phone number that is not a mainland number under +86', async () => {
    const res = await sendToPhone('12345', 'FIND_PASSWORD');
    expect(res.statusCode).toBe(400);
    expect(envelope(res).data).toEqual({ fieldErrors: { phone: 'Please enter a valid phone number' } });
  });
});

describe('limits', () => {
  it('refuses a resend within 60 seconds (4098), then requires a captcha for the resend', async () => {
    expect(envelope(await sendToPhone('13700000001', 'FIND_ACCOUNT_FORM')).code).toBe(0);
    const tooSoon = envelope(await sendToPhone('13700000001', 'FIND_ACCOUNT_FORM'));
    expect(tooSoon).toMatchObject({ code: ErrorCode.callLimitExceeded, data: { retryAfterSeconds: 60 } });
    expect(tooSoon.message).toContain('60 s');
    // Another purpose is not a resend: it goes out at once (and counts toward the hourly limit).
    expect(envelope(await sendToPhone('13700000001', 'REGISTER_FORM')).code).toBe(0);

    t.clock.advance(61_000);
    expect(envelope(await sendToPhone('13700000001', 'FIND_ACCOUNT_FORM')).code).toBe(
      ErrorCode.captchaRequired,
    );
    const wrong = await knownCaptcha(t.deps, 'good');
    expect(
      envelope(await sendToPhone('13700000001', 'FIND_ACCOUNT_FORM', { ...wrong, captchaCode: 'bad' })).code,
    ).toBe(ErrorCode.captchaInvalid);
    expect(
      envelope(await sendToPhone('13700000001', 'FIND_ACCOUNT_FORM', await knownCaptcha(t.deps))).code,
    ).toBe(0);
    // Only the latest code counts.
    const latest = lastSms().params.code;
    expect(envelope(await checkPhone('13700000001', 'FIND_ACCOUNT_FORM', latest)).code).toBe(0);
  });

  it('allows at most 10 sends an hour to one target', async () => {
    for (let i = 0; i < 10; i += 1) {
      const captcha = i === 0 ? undefined : await knownCaptcha(t.deps);
      expect(
        envelope(await sendToPhone('13700000002', 'FIND_ACCOUNT_FORM', captcha)).code,
        `send ${i + 1}`,
      ).toBe(0);
      t.clock.advance(61_000);
    }
    expect(
      envelope(await sendToPhone('13700000002', 'FIND_ACCOUNT_FORM', await knownCaptcha(t.deps))).code,
    ).toBe(ErrorCode.callLimitExceeded);
  });

  it('allows at most 30 sends an hour from one client address', async () => {
    for (let i = 0; i < 30; i += 1) {
      const phone = `1360000${String(i).padStart(4, '0')}`;
      expect(envelope(await sendToPhone(phone, 'REGISTER_FORM', undefined, '203.0.113.9')).code, phone).toBe(
        0,
      );
    }
    expect(envelope(await sendToPhone('13600009999', 'REGISTER_FORM', undefined, '203.0.113.9')).code).toBe(
      ErrorCode.callLimitExceeded,
    );
    expect(envelope(await sendToPhone('13600009999', 'REGISTER_FORM', undefined, '203.0.113.10')).code).toBe(
      0,
    );
  });
});

describe('checking codes', () => {
  it('answers 4095 with the attempts left, then 4096 after five wrong codes', async () => {
    await sendToPhone('13500000001', 'FIND_PASSWORD');
    const code = lastSms().params.code;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = envelope(await checkPhone('13500000001', 'FIND_PASSWORD', wrong));
      expect(res).toMatchObject({ code: ErrorCode.codeMismatch, data: { remainingAttempts: 5 - i } });
    }
    expect(envelope(await checkPhone('13500000001', 'FIND_PASSWORD', wrong)).code).toBe(
      ErrorCode.tooManyVerifications,
    );
    // Spent: even the right code no longer passes.
    expect(envelope(await checkPhone('13500000001', 'FIND_PASSWORD', code)).code).toBe(
      ErrorCode.tooManyVerifications,
    );
  });

  it('answers 4164 for an expired code (SMS codes live 5 minutes)', async () => {
    await sendToPhone('13500000002', 'FIND_PASSWORD');
    const code = lastSms().params.code;
    t.clock.advance(5 * 60_000 + 1_000);
    expect(envelope(await checkPhone('13500000002', 'FIND_PASSWORD', code))).toMatchObject({
      code: ErrorCode.codeExpired,
      message: 'The verification code has expired. Request a new one.',
    });
    // Only the right code learns that it expired.
    const other = code === '000000' ? '111111' : '000000';
    expect(envelope(await checkPhone('13500000002', 'FIND_PASSWORD', other)).code).toBe(
      ErrorCode.codeMismatch,
    );
  });

  it('refuses a code for another purpose exactly like a wrong one', async () => {
    await sendToPhone('13500000003', 'REGISTER_FORM');
    const code = lastSms().params.code;
    const other = envelope(await checkPhone('13500000003', 'FIND_PASSWORD', code));
    const wrong = envelope(await checkPhone('13500000004', 'FIND_PASSWORD', code));
    expect(other.code).toBe(ErrorCode.codeMismatch);
    expect({ ...other, data: null }).toEqual({ ...wrong, data: null });
    expect(envelope(await checkPhone('13500000003', 'REGISTER_FORM', code)).code).toBe(0);
  });

  it('validates the code length and the purpose header', async () => {
    const short = await checkPhone('13500000005', 'FIND_PASSWORD', '123');
    expect(short.statusCode).toBe(400);
    expect(envelope(short).data).toEqual({ fieldErrors: { code: 'The verification code has 6 characters' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/common/sendAuthCode?authCodeType=SMS',
      headers: { ...bearer(token), authmethod: 'NOT_A_PURPOSE' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('check tokens', () => {
  async function emailToken(email: string, purpose: string, captcha = '') {
    const sent = await sendToSelf('EMAIL', purpose, `&email=${encodeURIComponent(email)}${captcha}`);
    expect(envelope(sent).code).toBe(0);
    const code = codeIn(smtp.mails.at(-1)?.raw ?? '');
    return envelope<{ checkToken: string }>(
      await checkSelf('EMAIL', purpose, code, `&email=${encodeURIComponent(email)}`),
    ).data.checkToken;
  }
  const bind = (email: string, checkToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/portal/user/bindEmail',
      headers: { ...bearer(token), ...en, authcodetoken: checkToken, authcodetype: 'EMAIL' },
      payload: { email },
    });

  it('prove one purpose and one target, once', async () => {
    const otherPurpose = await emailToken('new@demo.example', 'UPDATE_USER_INFO');
    expect(envelope(await bind('new@demo.example', otherPurpose)).code).toBe(ErrorCode.verificationFailed);

    t.clock.advance(61_000);
    const proof = await emailToken('new@demo.example', 'BIND_EMAIL');
    expect(envelope(await bind('other@demo.example', proof)).code).toBe(ErrorCode.verificationFailed);

    t.clock.advance(61_000);
    // A resend of the same purpose to the same address goes through the captcha.
    const { captchaId, captchaCode } = await knownCaptcha(t.deps);
    const good = await emailToken(
      'New@Demo.example',
      'BIND_EMAIL',
      `&captchaId=${captchaId}&captchaCode=${captchaCode}`,
    );
    const bound = envelope<{ email: string }>(await bind('new@demo.example', good));
    expect(bound.code).toBe(0);
    expect(bound.data.email).toBe('new@demo.example');
    expect(envelope(await bind('new@demo.example', good)).code).toBe(ErrorCode.codeAlreadyUsed);
  });

  it('expire after 10 minutes', async () => {
    const proof = await emailToken('later@demo.example', 'BIND_EMAIL');
    t.clock.advance(10 * 60_000 + 1_000);
    expect(envelope(await bind('later@demo.example', proof)).code).toBe(ErrorCode.codeExpired);
  });
});

describe('other common calls', () => {
  it('send a registration code whether or not the address is registered (registration tells, after the code)', async () => {
    await t.deps.db
      .update(accounts)
      .set({ registrationPhone: '+86 13800000000', registrationEmail: 'admin@demo.example' })
      .where(eq(accounts.id, demo.id));
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/portal/common/sendAuthCodeForUnregistered', payload });
    const registered = envelope(await send({ authCodeType: 'EMAIL', email: 'ADMIN@demo.example' }));
    const fresh = envelope(await send({ authCodeType: 'EMAIL', email: 'fresh@example.com' }));
    expect(registered.code).toBe(0);
    expect(fresh.code).toBe(0);
    expect(Object.keys(registered.data as object)).toEqual(Object.keys(fresh.data as object));
  });

  it('make single-use SVG captchas', async () => {
    const res = envelope<{ id: string; imageBase64: string }>(
      await t.app.inject({ method: 'POST', url: '/api/portal/common/generateImageCaptcha' }),
    );
    expect(res.data.id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.data.imageBase64).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.data.imageBase64.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
  });

  it('list about 200 countries with their calling codes, named in the request language', async () => {
    const zh = envelope<{ name: string; region_code: string; phone_code: string }[]>(
      await t.app.inject({ url: '/api/meta/countries', headers: { 'cz-lang': 'zh-CN' } }),
    ).data;
    const enList = envelope<{ name: string; region_code: string; phone_code: string }[]>(
      await t.app.inject({ url: '/api/meta/countries', headers: en }),
    ).data;
    expect(zh.length).toBeGreaterThan(190);
    expect(zh[0]).toEqual({ name: '中国', region_code: 'CN', phone_code: '86' });
    expect(enList.find((c) => c.region_code === 'US')).toEqual({
      name: 'United States of America',
      region_code: 'US',
      phone_code: '1',
    });
    expect(enList.find((c) => c.region_code === 'GB')?.phone_code).toBe('44');
  });

  it('the outbox does not exist in production mode', async () => {
    const { buildApp } = await import('../../app');
    const prod = await buildApp({
      ...t.deps,
      config: loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'p'.repeat(40) }),
    });
    const res = await prod.inject('/api/dev/outbox');
    expect(res.statusCode).toBe(404);
    await prod.close();
    expect((await t.deps.db.select().from(outbox)).length).toBeGreaterThan(0);
  });
});

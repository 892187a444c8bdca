/**
 * What a failed SMS leaves behind, through the Tencent Cloud peer: the log line names the
 * provider's code and never the code sent, the key or the number's message; the answer carries no
 * provider detail.
 */
import { Writable } from 'node:stream';
import { ErrorCode } from '@console/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app';
import { createTestApp, envelope, type TTestApp } from './harness';
import { startTencentSms, tencentKey, tencentSmsEnv } from './provider-peers/sms-env';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TTestApp;
let sms: Awaited<ReturnType<typeof startTencentSms>>;

beforeAll(async () => {
  sms = await startTencentSms();
  t = await createTestApp({
    logger: loggerOptions('debug', sink),
    env: { ...tencentSmsEnv(sms), SEND_TIMEOUT_MS: '1500' },
  });
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

const send = (phone: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portal/common/sendPhoneAuthCode',
    headers: { 'cz-lang': 'zh-CN' },
    payload: { phone, authMethod: 'FIND_PASSWORD' },
  });

describe('a failed SMS', () => {
  it('logs the provider’s code and the reason, never the code, the key or the message', async () => {
    sms.state.setOutcome('+8613812340001', 'invalidNumber');
    const invalid = await send('13812340001');
    expect(envelope(invalid)).toMatchObject({
      code: ErrorCode.smsNumberInvalid,
      message: '短信发送失败：手机号无效。',
    });
    sms.state.setOutcome('+8613812340002', 'rateLimit');
    const limited = await send('13812340002');
    expect(envelope(limited)).toMatchObject({
      code: ErrorCode.smsRateLimited,
      message: '向该手机号发送短信过于频繁，请稍后再试。',
    });
    sms.state.setOutcome('+8613812340003', 'hang');
    expect(envelope(await send('13812340003')).code).toBe(ErrorCode.sendCodeFailed);

    const failures = lines.filter((line) => line.includes('sending a message failed'));
    expect(failures).toHaveLength(3);
    expect(failures[0]).toContain('InvalidParameterValue.IncorrectPhoneNumber');
    expect(failures[1]).toContain('LimitExceeded.DeliveryFrequencyLimit');
    expect(failures[2]).toContain('TimeoutError');
    const codes = sms.state.sent.map((m) => (m.params as string[])[0] as string);
    expect(codes).toHaveLength(2);
    const everything = [...lines, invalid.body, limited.body].join('\n');
    // A code as a number of its own (not six digits inside a timestamp).
    for (const code of codes) expect(everything).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(everything).not.toContain(tencentKey.secret);
    expect(invalid.body).not.toContain('InvalidParameterValue');
  });
});

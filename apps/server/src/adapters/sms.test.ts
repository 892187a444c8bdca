/**
 * The SMS adapter through the official SDKs against the local peers, which check every request's
 * signature with the test tree's own ACS3 and TC3 code and answer as the providers document.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  aliyunKey,
  aliyunSmsEnv,
  aliyunTemplateIds,
  startAliyunSms,
  startTencentSms,
  tencentKey,
  tencentSmsEnv,
  tencentTemplateIds,
} from '../../test/provider-peers/sms-env';
import type { TSmsOutcome } from '../../test/provider-peers/sms-outcomes';
import { loadConfig } from '../config';
import { createSmsSender, SmsRefused, type TSmsOptions, type TSmsRefusal } from './sms';

let aliyun: Awaited<ReturnType<typeof startAliyunSms>>;
let tencent: Awaited<ReturnType<typeof startTencentSms>>;

beforeAll(async () => {
  [aliyun, tencent] = await Promise.all([startAliyunSms(), startTencentSms()]);
});
afterAll(async () => {
  await Promise.all([aliyun.close(), tencent.close()]);
});
beforeEach(() => {
  aliyun.state.reset();
  tencent.state.reset();
});

const optionsOf = (env: Record<string, string>) => loadConfig(env).sms as TSmsOptions;
const code = {
  phone: '+8613800000000',
  kind: 'code' as const,
  values: { code: '123456', minutes: '5' },
  text: '',
};
const signal = () => AbortSignal.timeout(5_000);

async function refusal(promise: Promise<unknown>): Promise<{ reason: TSmsRefusal; code: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsRefused);
  return { reason: (error as SmsRefused).reason, code: (error as SmsRefused).providerCode };
}

const providers = [
  {
    name: 'Alibaba Cloud',
    peer: () => aliyun,
    env: () => aliyunSmsEnv(aliyun),
    wrongKey: () => ({ ...aliyunSmsEnv(aliyun), ALIYUN_ACCESS_KEY_SECRET: 'not-the-secret-0123456789' }),
    refusals: {
      rateLimit: ['rateLimited', 'isv.BUSINESS_LIMIT_CONTROL'],
      dayLimit: ['rateLimited', 'isv.DAY_LIMIT_CONTROL'],
      invalidNumber: ['invalidNumber', 'isv.MOBILE_NUMBER_ILLEGAL'],
      refused: ['failed', 'isv.OUT_OF_SERVICE'],
    },
    signatureFailure: 'SignatureDoesNotMatch',
  },
  {
    name: 'Tencent Cloud',
    peer: () => tencent,
    env: () => tencentSmsEnv(tencent),
    wrongKey: () => ({ ...tencentSmsEnv(tencent), TENCENTCLOUD_SECRET_KEY: 'not-the-secret-0123456789' }),
    refusals: {
      rateLimit: ['rateLimited', 'LimitExceeded.DeliveryFrequencyLimit'],
      dayLimit: ['rateLimited', 'LimitExceeded.PhoneNumberDailyLimit'],
      invalidNumber: ['invalidNumber', 'InvalidParameterValue.IncorrectPhoneNumber'],
      refused: ['failed', 'FailedOperation.PhoneNumberInBlacklist'],
    },
    signatureFailure: 'AuthFailure.SignatureFailure',
  },
] as const;

describe.each(providers)('SMS through $name', (p) => {
  it('sends the kind’s template with its parameters, signed, to the number', async () => {
    const sender = createSmsSender(optionsOf(p.env()));
    await sender.send(code, signal());
    await sender.send(
      {
        phone: '+8613800000001',
        kind: 'balanceLow',
        values: { account: '示例科技', balance: '45.00 元', threshold: '100.00 元' },
        text: '',
      },
      signal(),
    );
    const [first, second] = p.peer().state.sent;
    expect(first).toMatchObject({ phone: '+8613800000000', signName: '数据平台', outcome: 'ok' });
    expect(second).toMatchObject({ phone: '+8613800000001', outcome: 'ok' });
    if (first?.provider === 'aliyun') {
      expect(first.template).toBe(aliyunTemplateIds.code);
      expect(first.params).toEqual({ code: '123456', minutes: '5' });
      expect(second?.params).toEqual({ account: '示例科技', balance: '45.00 元', threshold: '100.00 元' });
    } else {
      expect(first?.template).toBe(tencentTemplateIds.code);
      expect(first?.params).toEqual(['123456', '5']);
      expect(second?.params).toEqual(['示例科技', '45.00 元', '100.00 元']);
    }
  });

  it.each(Object.entries(p.refusals))(
    'reads the refusal %s as the provider documents it',
    async (outcome, expected) => {
      p.peer().state.setOutcome('+8613800000000', outcome as TSmsOutcome);
      const sender = createSmsSender(optionsOf(p.env()));
      expect(await refusal(sender.send(code, signal()))).toEqual({ reason: expected[0], code: expected[1] });
    },
  );

  it('is refused by the peer when signed with another secret, and says nothing of the secret', async () => {
    const sender = createSmsSender(optionsOf(p.wrongKey()));
    const error = await sender.send(code, signal()).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(SmsRefused);
    expect((error as SmsRefused).providerCode).toBe(p.signatureFailure);
    expect(JSON.stringify({ ...error, message: error?.message })).not.toMatch(
      new RegExp(`${aliyunKey.secret}|${tencentKey.secret}|not-the-secret`),
    );
    expect(p.peer().state.sent).toEqual([]);
  });

  it('gives up when the provider does not answer before the signal ends', async () => {
    p.peer().state.setOutcome(null, 'hang');
    const sender = createSmsSender(optionsOf(p.env()));
    const controller = new AbortController();
    const sending = sender.send(code, controller.signal);
    // Abort once the peer holds the request (no timing involved).
    while (p.peer().requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new DOMException('timed out', 'TimeoutError'));
    await expect(sending).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

/**
 * Text messages through a real SMS provider, with its official SDK:
 * - Alibaba Cloud (`aliyun`): Dysmsapi `SendSms`, API version 2017-05-25, signed with V3
 *   (`ACS3-HMAC-SHA256`) by `@alicloud/dysmsapi20170525`. Template parameters are named, sent as a
 *   JSON string; the answer's `Code` is `OK` or the refusal.
 * - Tencent Cloud (`tencent`): `SendSms`, version 2021-01-11, signed with `TC3-HMAC-SHA256` by
 *   `tencentcloud-sdk-nodejs-sms`. Template parameters are positional strings; whole-request errors
 *   come as HTTP 200 with `Response.Error`, and each number has its own `SendStatusSet[].Code`
 *   (`Ok` or the refusal).
 *
 * Each kind of message the console sends by SMS has its own approved template (docs/operations.md
 * gives their wording); `smsTemplateParams` lists each template's parameters in their order. A
 * refusal is an `SmsRefused` whose `reason` says what the user is told: a rate limit (try later),
 * an invalid number, or anything else (could not be sent). No error carries a credential.
 */
import * as dysmsapi from '@alicloud/dysmsapi20170525';
import { Config as AliyunConfig } from '@alicloud/openapi-client';
import * as tencentSms from 'tencentcloud-sdk-nodejs-sms';
import type { TSmsKind, TSmsOptions } from '../config';

export type { TSmsKind, TSmsOptions };

/** The parameters of each kind's template, in the order of Tencent's positional `{1}`, `{2}`, …. */
export const smsTemplateParams: Record<TSmsKind, readonly string[]> = {
  /** A verification code, for any purpose (sign-in, registration, recovery, binding, …). */
  code: ['code', 'minutes'],
  /** An invitation to join an account: the link sets the password. */
  invitation: ['operator', 'user', 'account', 'hours', 'link'],
  /** A contact change to confirm, sent to the new number with the link that confirms it. */
  contactChange: ['operator', 'user', 'what', 'value', 'minutes', 'link'],
  /** A notice to the number being replaced by a contact change. */
  contactChangeNotice: ['operator', 'user', 'what'],
  /** Balance alert: the balance is below the account's threshold. */
  balanceLow: ['account', 'balance', 'threshold'],
  /** Balance alert: the balance lasts about N more days at the recent average spend. */
  balanceForecast: ['account', 'balance', 'average', 'days'],
  /** A notice that an administrator reset the user's login protection (authenticator and passkeys). */
  mfaReset: ['operator', 'user'],
  /** A notice to an account's administrators that the platform operator suspended the account. */
  accountSuspended: ['account'],
  /** A notice to an account's administrators that the platform operator resumed the account. */
  accountResumed: ['account'],
};

/** A text message: the kind's template with its values; `text` is the console's own wording of it. */
export type TSms = {
  /** E.164: +8613800000000. */
  phone: string;
  kind: TSmsKind;
  values: Record<string, string>;
  text: string;
};

export type TSmsSender = {
  /** Which provider sends (for logs and the audit entry). */
  provider: TSmsProvider;
  send(sms: TSms, signal: AbortSignal): Promise<void>;
};

export type TSmsProvider = TSmsOptions['provider'];

/** Why the provider refused: a rate limit, an invalid number, or another reason. */
export type TSmsRefusal = 'rateLimited' | 'invalidNumber' | 'failed';

/** The provider did not accept the message; `providerCode` is the provider's own code (no secret). */
export class SmsRefused extends Error {
  constructor(
    readonly reason: TSmsRefusal,
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsRefused';
  }
}

type TAliyunSmsOptions = Extract<TSmsOptions, { provider: 'aliyun' }>;
type TTencentSmsOptions = Extract<TSmsOptions, { provider: 'tencent' }>;

/** The template's values in its parameters' order (missing ones empty). */
export function orderedValues(kind: TSmsKind, values: Record<string, string>): string[] {
  return smsTemplateParams[kind].map((name) => values[name] ?? '');
}

/** The template's values by name, only the template's own. */
export function namedValues(kind: TSmsKind, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(smsTemplateParams[kind].map((name) => [name, values[name] ?? '']));
}

/** Host (and port) and protocol of an endpoint given as a host name or a full URL. */
export function splitEndpoint(endpoint: string): { host: string; protocol: 'http' | 'https' } {
  const match = /^(https?):\/\/([^/]+)\/?$/.exec(endpoint);
  if (match) return { protocol: match[1] as 'http' | 'https', host: match[2] as string };
  return { protocol: 'https', host: endpoint.replace(/\/+$/, '') };
}

/** Resolves with the promise, or rejects once the signal aborts (the SDK's request is left behind). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Alibaba's `PhoneNumbers`: mainland numbers without +86, others with their country code. */
export function aliyunPhone(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  return digits.startsWith('86') && digits.length === 13 ? digits.slice(2) : digits;
}

const aliyunRateLimits = new Set([
  'isv.BUSINESS_LIMIT_CONTROL',
  'isv.DAY_LIMIT_CONTROL',
  'isv.MONTH_LIMIT_CONTROL',
  'Throttling.User',
]);
const aliyunInvalidNumbers = new Set(['isv.MOBILE_NUMBER_ILLEGAL', 'isv.MOBILE_COUNT_OVER_LIMIT']);

export function aliyunRefusal(code: string): TSmsRefusal {
  if (aliyunRateLimits.has(code)) return 'rateLimited';
  if (aliyunInvalidNumbers.has(code)) return 'invalidNumber';
  return 'failed';
}

export function tencentRefusal(code: string): TSmsRefusal {
  if (code.startsWith('LimitExceeded.') || code === 'RequestLimitExceeded') return 'rateLimited';
  if (
    code === 'InvalidParameterValue.IncorrectPhoneNumber' ||
    code === 'FailedOperation.ContainDomesticAndInternationalPhoneNumber' ||
    code === 'UnsupportedOperation.UnsupportedRegion'
  )
    return 'invalidNumber';
  return 'failed';
}

type TAliyunClient = { sendSms(request: unknown): Promise<{ body?: { code?: string; message?: string } }> };

function createAliyunSender(options: TAliyunSmsOptions): TSmsSender {
  const { host, protocol } = splitEndpoint(options.endpoint);
  // The package is CommonJS: its class is `default` of the module's default export under Node.
  const exported = dysmsapi.default as unknown as { default?: new (config: unknown) => TAliyunClient };
  const Client = exported.default ?? (dysmsapi.default as unknown as new (config: unknown) => TAliyunClient);
  const client = new Client(
    new AliyunConfig({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      endpoint: host,
      protocol,
    }),
  );
  return {
    provider: 'aliyun',
    send: async (sms, signal) => {
      const request = new dysmsapi.SendSmsRequest({
        phoneNumbers: aliyunPhone(sms.phone),
        signName: options.signName,
        templateCode: options.templates[sms.kind],
        templateParam: JSON.stringify(namedValues(sms.kind, sms.values)),
      });
      let answer: Awaited<ReturnType<TAliyunClient['sendSms']>>;
      try {
        answer = await untilAborted(client.sendSms(request), signal);
      } catch (error) {
        // HTTP ≥ 400 (a signature, key or parameter refused): the SDK throws with the answer's Code.
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && !signal.aborted)
          throw new SmsRefused(aliyunRefusal(code), code, `Alibaba Cloud SendSms refused: ${code}`);
        throw error;
      }
      const code = answer.body?.code ?? '';
      if (code !== 'OK')
        throw new SmsRefused(
          aliyunRefusal(code),
          code,
          `Alibaba Cloud SendSms refused: ${code || 'no Code'}`,
        );
    },
  };
}

type TTencentStatus = { Code?: string; PhoneNumber?: string };

function createTencentSender(options: TTencentSmsOptions): TSmsSender {
  const { host, protocol } = splitEndpoint(options.endpoint);
  const Client = tencentSms.sms.v20210111.Client;
  const client = new Client({
    credential: { secretId: options.secretId, secretKey: options.secretKey },
    region: options.region,
    profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: 30 } },
  });
  return {
    provider: 'tencent',
    send: async (sms, signal) => {
      let answer: { SendStatusSet?: TTencentStatus[] };
      try {
        answer = await untilAborted(
          client.SendSms({
            PhoneNumberSet: [sms.phone],
            SmsSdkAppId: options.sdkAppId,
            SignName: options.signName,
            TemplateId: options.templates[sms.kind],
            TemplateParamSet: orderedValues(sms.kind, sms.values),
          }),
          signal,
        );
      } catch (error) {
        // HTTP 200 with Response.Error: the SDK throws with the error's Code.
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && code !== '' && !signal.aborted)
          throw new SmsRefused(tencentRefusal(code), code, `Tencent Cloud SendSms refused: ${code}`);
        throw error;
      }
      const status = answer.SendStatusSet?.[0];
      const code = status?.Code ?? '';
      if (code !== 'Ok')
        throw new SmsRefused(
          tencentRefusal(code),
          code,
          `Tencent Cloud SendSms refused: ${code || 'no status'}`,
        );
    },
  };
}

export function createSmsSender(options: TSmsOptions): TSmsSender {
  return options.provider === 'aliyun' ? createAliyunSender(options) : createTencentSender(options);
}

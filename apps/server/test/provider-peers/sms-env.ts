/**
 * Both SMS peers ready for a console: Alibaba Cloud's (aliyun-sms.ts) and Tencent Cloud's
 * (tencent-cloud.ts with tencent-sms.ts), each knowing the console's approved templates as the
 * provider would (their parameters: Alibaba's names, Tencent's count), and the environment that
 * points a console at each. Used by the server tests and the production end-to-end spec.
 */
import { startAliyunSmsPeer, type TAliyunSmsPeer } from './aliyun-sms';
import { createSmsPeerState, type TSmsPeerState } from './sms-outcomes';
import type { TTencentCloudPeer } from './tencent-cloud';
import { startTencentSmsPeer } from './tencent-sms';

/** Each kind's template as submitted to the providers: its variable and parameters, in order. */
export const smsTemplates = {
  code: { variable: 'SMS_TEMPLATE_CODE', params: ['code', 'minutes'] },
  invitation: {
    variable: 'SMS_TEMPLATE_INVITATION',
    params: ['operator', 'user', 'account', 'hours', 'link'],
  },
  contactChange: {
    variable: 'SMS_TEMPLATE_CONTACT_CHANGE',
    params: ['operator', 'user', 'what', 'value', 'minutes', 'link'],
  },
  contactChangeNotice: {
    variable: 'SMS_TEMPLATE_CONTACT_CHANGE_NOTICE',
    params: ['operator', 'user', 'what'],
  },
  balanceLow: { variable: 'SMS_TEMPLATE_BALANCE_LOW', params: ['account', 'balance', 'threshold'] },
  balanceForecast: {
    variable: 'SMS_TEMPLATE_BALANCE_FORECAST',
    params: ['account', 'balance', 'average', 'days'],
  },
  mfaReset: { variable: 'SMS_TEMPLATE_MFA_RESET', params: ['operator', 'user'] },
  accountSuspended: { variable: 'SMS_TEMPLATE_ACCOUNT_SUSPENDED', params: ['account'] },
  accountResumed: { variable: 'SMS_TEMPLATE_ACCOUNT_RESUMED', params: ['account'] },
} as const;

type TKind = keyof typeof smsTemplates;
const kinds = Object.keys(smsTemplates) as TKind[];

/** The template ids the providers gave (Alibaba `SMS_…`, Tencent numeric). */
export const aliyunTemplateIds = Object.fromEntries(
  kinds.map((kind, i) => [kind, `SMS_47683${String(i + 1).padStart(4, '0')}`]),
) as Record<TKind, string>;
export const tencentTemplateIds = Object.fromEntries(
  kinds.map((kind, i) => [kind, String(2_100_001 + i)]),
) as Record<TKind, string>;

export const aliyunKey = { id: 'LTAI5tTestAccessKeyId01', secret: 'aliyun-test-secret-0123456789abcdef' };
export const tencentKey = { id: 'AKIDTestSecretId0123456789', secret: 'tencent-test-secret-0123456789ab' };
export const tencentSdkAppId = '1400000001';
export const smsSignName = '数据平台';

const templateEnv = (ids: Record<TKind, string>) =>
  Object.fromEntries(kinds.map((kind) => [smsTemplates[kind].variable, ids[kind]]));

export function aliyunSmsEnv(peer: { url: string }): Record<string, string> {
  return {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: aliyunKey.id,
    ALIYUN_ACCESS_KEY_SECRET: aliyunKey.secret,
    ALIYUN_SMS_ENDPOINT: peer.url,
    SMS_SIGN_NAME: smsSignName,
    ...templateEnv(aliyunTemplateIds),
  };
}

export function tencentSmsEnv(peer: { url: string }): Record<string, string> {
  return {
    SMS_PROVIDER: 'tencent',
    TENCENTCLOUD_SECRET_ID: tencentKey.id,
    TENCENTCLOUD_SECRET_KEY: tencentKey.secret,
    TENCENT_SMS_SDK_APP_ID: tencentSdkAppId,
    TENCENT_SMS_ENDPOINT: peer.url,
    SMS_SIGN_NAME: smsSignName,
    ...templateEnv(tencentTemplateIds),
  };
}

export async function startAliyunSms(state: TSmsPeerState = createSmsPeerState()): Promise<TAliyunSmsPeer> {
  return startAliyunSmsPeer({
    accessKeys: { [aliyunKey.id]: aliyunKey.secret },
    state,
    templates: Object.fromEntries(kinds.map((kind) => [aliyunTemplateIds[kind], smsTemplates[kind].params])),
  });
}

export async function startTencentSms(
  state: TSmsPeerState = createSmsPeerState(),
): Promise<TTencentCloudPeer & { state: TSmsPeerState }> {
  return startTencentSmsPeer({
    secrets: { [tencentKey.id]: tencentKey.secret },
    sdkAppId: tencentSdkAppId,
    state,
    templates: Object.fromEntries(
      kinds.map((kind) => [tencentTemplateIds[kind], smsTemplates[kind].params.length]),
    ),
  });
}

/** The code of the newest accepted verification-code SMS to a number (E.164), from either peer. */
export function latestCode(state: TSmsPeerState, phone: string): string | undefined {
  const message = state.acceptedTo(phone).at(-1);
  if (!message) return undefined;
  return Array.isArray(message.params) ? message.params[0] : message.params.code;
}

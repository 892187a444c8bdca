/**
 * The real systems behind the console's features, each answered by one adapter on the server, and
 * the code a feature answers when its system is not configured. No schema library here: the light
 * public pages read it.
 */
import { ErrorCode } from './codes';

/** The real systems behind the console's features, each answered by one adapter. */
export const AdapterNames = [
  'provisioner',
  'marketplace',
  'identity',
  'wechatPay',
  'alipay',
  'sms',
  'email',
  'license',
] as const;
export type TAdapterName = (typeof AdapterNames)[number];

/** configured: the real system; development: a stand-in (development or a demonstration); unconfigured: none. */
export const AdapterStates = ['configured', 'development', 'unconfigured'] as const;
export type TAdapterState = (typeof AdapterStates)[number];

/** The code a feature answers, and the console shows, when its adapter is not configured. */
export const AdapterNotConfiguredCodes = {
  provisioner: ErrorCode.provisionerNotConfigured,
  marketplace: ErrorCode.marketplaceNotConfigured,
  identity: ErrorCode.identityNotConfigured,
  wechatPay: ErrorCode.paymentNotConfigured,
  alipay: ErrorCode.paymentNotConfigured,
  sms: ErrorCode.smsNotConfigured,
  email: ErrorCode.emailNotConfigured,
  license: ErrorCode.licenseNotConfigured,
} as const satisfies Record<TAdapterName, number>;

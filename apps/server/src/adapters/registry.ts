/**
 * Which implementation answers for each real system the console talks to: the configured one, a
 * development stand-in, or none. Production mode never uses a stand-in unless the installation is
 * a demonstration (`DEV_ADAPTERS=1`): a feature whose system is not configured says so with its
 * own code, and the console disables the action with the same words.
 */
import {
  AdapterNotConfiguredCodes,
  type TAdapterName,
  type TAdapterState,
  type TAdapterStates,
} from '@console/contract';
import type { TConfig } from '../config';
import { AppError } from '../errors';

export type { TAdapterName, TAdapterState, TAdapterStates };

/** The code a feature answers when its system is not configured. */
export const notConfiguredCode = AdapterNotConfiguredCodes;

/** What each adapter's setting is, for the start-up table. */
export const settingOf: Record<TAdapterName, string> = {
  provisioner: 'PROVISIONER_URL',
  marketplace: 'MARKETPLACE_PROVIDER',
  identity: 'IDENTITY_PROVIDER',
  wechatPay: 'WECHATPAY_MCH_ID',
  alipay: 'ALIPAY_APP_ID',
  sms: 'SMS_PROVIDER',
  email: 'SMTP_URL',
  license: 'HUAWEI_LICENSE_PUBLIC_KEY',
};

/**
 * The provider each adapter speaks to, as its configuration names it (`aliyun`, `tencent`, …);
 * null while it is not configured. Each adapter's entry reads its own settings.
 */
export const providerOf: Record<TAdapterName, (config: TConfig) => string | null> = {
  provisioner: (c) => (c.provisioning.url !== null ? 'platform' : null),
  marketplace: (c) => c.marketplace?.provider ?? null,
  identity: (c) => (c.identity.tencent !== null ? 'tencent' : null),
  wechatPay: (c) => (c.payments.wechat !== null ? 'wechatpay' : null),
  alipay: (c) => (c.payments.alipay !== null ? 'alipay' : null),
  sms: (c) => c.sms?.provider ?? null,
  email: (c) => (c.smtp.url !== null ? 'smtp' : null),
  license: (c) => (c.licensePublicKey !== null ? 'huawei' : null),
};

export type TAdapterProviders = Record<TAdapterName, string | null>;

/** Each adapter's provider (null: none configured). */
export function adapterProviders(config: TConfig): TAdapterProviders {
  return Object.fromEntries(
    (Object.keys(providerOf) as TAdapterName[]).map((name) => [name, providerOf[name](config)]),
  ) as TAdapterProviders;
}

export function adapterStates(config: TConfig): TAdapterStates {
  const state = (isConfigured: boolean): TAdapterState =>
    isConfigured ? 'configured' : config.devAdapters ? 'development' : 'unconfigured';
  return {
    provisioner: state(config.provisioning.url !== null),
    marketplace: state(config.marketplace !== null),
    identity: state(config.identity.tencent !== null),
    wechatPay: state(config.payments.wechat !== null),
    alipay: state(config.payments.alipay !== null),
    sms: state(config.sms !== null),
    email: state(config.smtp.url !== null),
    license: state(config.licensePublicKey !== null),
  };
}

/** A demonstration installation: production mode with development adapters answering. */
export function isDemonstration(config: TConfig, states: TAdapterStates): boolean {
  return config.isProduction && Object.values(states).includes('development');
}

/** Refuses the action (before anything is created or changed) when its system is not configured. */
export function requireAdapter(config: TConfig, name: TAdapterName, params?: Record<string, unknown>): void {
  if (adapterStates(config)[name] === 'unconfigured') {
    throw new AppError(notConfiguredCode[name], params ? { params, data: params } : {});
  }
}

/** The error an unconfigured adapter throws when something calls it anyway. */
export function notConfigured(name: TAdapterName): AppError {
  return new AppError(notConfiguredCode[name]);
}

/**
 * The start-up table: one line per adapter with its provider (`-` when none is configured), its
 * state and the setting that configures it, e.g. `sms  aliyun  configured  SMS_PROVIDER`.
 */
export function adapterTable(states: TAdapterStates, providers: Partial<TAdapterProviders> = {}): string {
  const words: Record<TAdapterState, string> = {
    configured: 'configured',
    development: 'development stand-in',
    unconfigured: 'not configured',
  };
  const rows = (Object.keys(states) as TAdapterName[]).map((name) => [
    name,
    states[name] === 'configured' ? (providers[name] ?? '-') : '-',
    words[states[name]],
    settingOf[name],
  ]);
  const header = ['adapter', 'provider', 'state', 'setting'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

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
const settingOf: Record<TAdapterName, string> = {
  provisioner: 'PROVISIONER_URL',
  marketplace: 'MARKETPLACE_PROVIDER',
  identity: 'IDENTITY_PROVIDER',
  wechatPay: 'WECHATPAY_MCH_ID',
  alipay: 'ALIPAY_APP_ID',
  sms: 'SMS_ENDPOINT',
  email: 'SMTP_URL',
  license: 'HUAWEI_LICENSE_PUBLIC_KEY',
};

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

/** The start-up table: one line per adapter with its state and the setting that configures it. */
export function adapterTable(states: TAdapterStates): string {
  const words: Record<TAdapterState, string> = {
    configured: 'configured',
    development: 'development stand-in',
    unconfigured: 'not configured',
  };
  const rows = (Object.keys(states) as TAdapterName[]).map((name) => [
    name,
    words[states[name]],
    settingOf[name],
  ]);
  const header = ['adapter', 'state', 'setting'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

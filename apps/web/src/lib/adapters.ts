/**
 * Which real systems this installation has (the console meta's `adapters`): an action whose
 * system is not configured is disabled with the words the server would answer (codes 4100–4106),
 * so nothing is attempted that cannot work.
 */
import type { TMeta } from '@console/contract';
import { AdapterNotConfiguredCodes, type TAdapterName, type TAdapterState } from '@console/contract/adapters';
import { interpolate, type TPhrases } from '@console/phrases';
import { getMeta } from './meta';

export function adapterState(name: TAdapterName, meta: TMeta = getMeta()): TAdapterState {
  // A meta without the table (an older server) has every system.
  return meta.adapters?.[name] ?? 'configured';
}

export function isAdapterConfigured(name: TAdapterName, meta: TMeta = getMeta()): boolean {
  return adapterState(name, meta) !== 'unconfigured';
}

/** The payment channel an adapter serves, as the phrases name it (`channelWechat`). */
const channelOf: Partial<Record<TAdapterName, 'wechat' | 'alipay'>> = {
  wechatPay: 'wechat',
  alipay: 'alipay',
};

/**
 * Why the action of `name` is unavailable, in the user's language, or null when it is available.
 * `errors` is the errors phrase namespace of the current language.
 */
export function notConfiguredText(
  name: TAdapterName,
  errors: TPhrases['errors'],
  meta: TMeta = getMeta(),
): string | null {
  if (isAdapterConfigured(name, meta)) return null;
  const table = errors as Record<string, string>;
  const channel = channelOf[name];
  return interpolate(table[String(AdapterNotConfiguredCodes[name])] ?? '', {
    channel: channel ? (table[`channel${channel === 'wechat' ? 'Wechat' : 'Alipay'}`] ?? channel) : '',
  });
}

/**
 * What the development payment gateway's stand-ins share (dev-gateway.ts): the development key
 * pairs and merchant ids, the provider's in-memory orders, and small request helpers.
 */
import { generateKeyPair, type KeyObject, randomInt } from 'node:crypto';
import { promisify } from 'node:util';

type TKeyPair = { privateKey: KeyObject; publicKey: KeyObject };
export type TDevPayKeys = {
  /** The console's WeChat Pay merchant key (signs requests). */
  wechatMerchant: TKeyPair;
  /** WeChat Pay's platform key (signs answers and notifications). */
  wechatPlatform: TKeyPair;
  /** The console's Alipay application key. */
  alipayApp: TKeyPair;
  /** Alipay's own key. */
  alipayPlatform: TKeyPair;
};

let keys: Promise<TDevPayKeys> | null = null;

/** The development key pairs, generated once per process. */
export function devPayKeys(): Promise<TDevPayKeys> {
  keys ??= (async () => {
    const generate = promisify(generateKeyPair);
    const pair = async (): Promise<TKeyPair> => generate('rsa', { modulusLength: 2048 });
    const [wechatMerchant, wechatPlatform, alipayApp, alipayPlatform] = await Promise.all([
      pair(),
      pair(),
      pair(),
      pair(),
    ]);
    return { wechatMerchant, wechatPlatform, alipayApp, alipayPlatform };
  })();
  return keys;
}

/** The merchant ids of the development gateway. */
export const devWechat = {
  mchId: '1900000109',
  appId: 'wxdev00000000000001',
  serialNo: 'DEV5E0B1C00000000000000000000000000000001',
  platformSerial: 'PUB_KEY_ID_0119000001092026110100000000000001',
} as const;
export const devAlipay = { appId: '9021000000000001', sellerId: '2088000000000001' } as const;

export type TDevOrderStatus = 'NOTPAY' | 'SUCCESS' | 'CLOSED';

export type TDevOrder = {
  provider: 'wechat' | 'alipay';
  outTradeNo: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  createdAt: Date;
  expiresAt: Date;
  status: TDevOrderStatus;
  tradeNo: string | null;
  paidAt: Date | null;
};

export type TDevNotification = { url: string; headers: Record<string, string>; body: string };

/** Changes that make a notification a test's tampered one (still signed with the provider's key). */
export type TNotificationOverrides = {
  amountFen?: number;
  mchId?: string;
  appId?: string;
  sellerId?: string;
  tradeState?: string;
  /** WeChat Pay: the signature's timestamp. */
  timestamp?: Date;
};

export type TDevAnswer = { status: number; headers: Record<string, string>; body: string };

/** A request to a stand-in as the console's adapter sent it. */
export type TDevRequest = {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** What a provider's stand-in needs from the gateway: its orders, its clock and its answers. */
export type TDevStandIn = {
  orders: Map<string, TDevOrder>;
  now: () => Date;
  /** The page an order's QR code opens. */
  pageUrl: (id: string) => string;
  /** An order's status as of now (an unpaid order past its expiry is closed). */
  effective: (order: TDevOrder) => TDevOrderStatus;
  /** Tests: the refusal the next order creation answers with (taken once), if any. */
  takeRefusal: () => { code: string; message: string } | null;
};

export const maxSkewMs = 5 * 60_000;
export const outTradeNoPattern = /^[A-Za-z0-9_\-|*]{6,64}$/;

export function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function digits(count: number): string {
  let out = '';
  while (out.length < count) out += String(randomInt(10));
  return out;
}

export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * What the console needs of a payment provider (WeChat Pay, Alipay): create a QR-code order,
 * query it, close it, and read its payment notification. Each implementation speaks the
 * provider's own protocol, signatures included; the development gateway (dev-gateway.ts) plays
 * the providers' part with the same protocols when no provider is configured.
 */
import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import type { TPayChannel } from '@console/contract/billing-enums';

export type TPaymentOrder = {
  /** Our order id (`out_trade_no`): letters and digits, unique. */
  id: string;
  amountFen: number;
  /** What the payer sees in the payment app. */
  subject: string;
  expiresAt: Date;
};

/** The provider's view of an order. */
export type TTradeState = {
  /** paid: money received; pending: waiting for the payer; closed: will never be paid; missing: unknown. */
  status: 'paid' | 'pending' | 'closed' | 'missing';
  outTradeNo: string;
  tradeNo: string | null;
  amountFen: number | null;
  paidAt: Date | null;
};

/** A notification whose signature (and, for WeChat Pay, encryption) checked out. */
export type TTradeNotice = TTradeState & { channel: TPayChannel };

export type TNotificationInput = {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received. */
  body: string;
};

export type TPaymentProvider = {
  channel: TPayChannel;
  createOrder(order: TPaymentOrder): Promise<{ codeUrl: string }>;
  queryOrder(outTradeNo: string): Promise<TTradeState>;
  /** Closes an unpaid order; an order the provider never saw counts as closed. */
  closeOrder(outTradeNo: string): Promise<void>;
  /** Verifies a notification; throws `PaymentNotificationError` when it must be refused. */
  readNotification(input: TNotificationInput, now: Date): Promise<TTradeNotice>;
};

/** The provider refused or could not be reached; `detail` is safe to show (no secrets). */
export class PaymentError extends Error {
  readonly detail: string;
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`payment provider: ${detail}`, options);
    this.name = 'PaymentError';
    this.detail = detail;
  }
}

/** A notification that is refused; `reason` names why (for the log). */
export class PaymentNotificationError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`payment notification refused: ${reason}`);
    this.name = 'PaymentNotificationError';
    this.reason = reason;
  }
}

/** PEM text (`\n` escapes allowed) to a key object. */
export function privateKeyOf(pem: string | KeyObject): KeyObject {
  return typeof pem === 'string' ? createPrivateKey(pem.replace(/\\n/g, '\n')) : pem;
}

export function publicKeyOf(pem: string | KeyObject): KeyObject {
  return typeof pem === 'string' ? createPublicKey(pem.replace(/\\n/g, '\n')) : pem;
}

/** RSA-SHA256 (RSA2) over UTF-8 text, base64. */
export function rsaSign(privateKey: KeyObject, text: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');
}

export function rsaVerify(publicKey: KeyObject, text: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

const beijingOffsetMs = 8 * 3_600_000;

/** `2026-11-01T16:00:00+08:00` (RFC 3339 in Beijing time, as WeChat Pay writes times). */
export function beijingRfc3339(date: Date): string {
  return `${new Date(date.getTime() + beijingOffsetMs).toISOString().slice(0, 19)}+08:00`;
}

/** `2026-11-01 16:00:00` (Beijing time, as Alipay writes times). */
export function beijingDateTime(date: Date): string {
  return new Date(date.getTime() + beijingOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
}

/** Reads `2026-11-01 16:00:00` as Beijing time; null when it is not such a text. */
export function parseBeijingDateTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const date = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function headerOf(headers: TNotificationInput['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()] ?? headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A fetch that gives up after `timeoutMs`, and turns network failures into `PaymentError`. */
export async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new PaymentError(name === 'TimeoutError' ? 'TIMEOUT' : 'UNREACHABLE', { cause: error });
  }
}

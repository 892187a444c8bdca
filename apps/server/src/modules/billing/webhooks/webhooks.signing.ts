/**
 * What a receiver checks a delivery by. Every delivery has a stable id (`msg_…`, kept with the
 * delivery, the same in every attempt) and each attempt a timestamp; both travel in the Standard
 * Webhooks headers `webhook-id` and `webhook-timestamp` (unix seconds). With a signing secret:
 *
 * - `standard` (Standard Webhooks, https://www.standardwebhooks.com): `webhook-signature:
 *   v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with the bytes the secret's base64
 *   (after `whsec_`) stands for;
 * - `dingtalk` (DingTalk custom robots, 加签): the address gets `timestamp` (unix milliseconds) and
 *   `sign` = urlencode(base64(HMAC-SHA256(key = secret, "{timestamp}\n{secret}"))) in its query;
 * - `feishu` (Feishu/Lark custom bots, 签名校验): the JSON body gets `timestamp` (unix seconds, as
 *   text) and `sign` = base64(HMAC-SHA256(key = "{timestamp}\n{secret}", empty message)).
 */
import { createHmac, randomBytes } from 'node:crypto';
import {
  standardSecretPrefix,
  type TWebhookSigningMode,
  WebhookHeaders,
} from '@console/contract/billing-enums';
import type { TSecretBox } from '../../../lib/secret-box';

export type TWebhookSigning = { mode: TWebhookSigningMode; secret: string | null };

/**
 * The webhook's signing with its secret opened. A secret that does not open (sealed under another
 * SECRET_KEY) is taken as missing: the attempt then fails without sending anything unsigned.
 */
export function openSigning(
  box: TSecretBox,
  signing: { mode: TWebhookSigningMode; sealedSecret: string | null },
): TWebhookSigning {
  if (signing.mode === 'none' || signing.sealedSecret === null) return { mode: signing.mode, secret: null };
  try {
    return { mode: signing.mode, secret: box.open(signing.sealedSecret) };
  } catch {
    return { mode: signing.mode, secret: null };
  }
}

/** A delivery's id: `msg_` and 24 URL-safe characters of randomness (no `.`, which the signature uses). */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** A new Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export function generateStandardSecret(): string {
  return `${standardSecretPrefix}${randomBytes(32).toString('base64')}`;
}

/** The Standard Webhooks signature header's value for one attempt. */
export function standardSignature(secret: string, messageId: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(
    secret.startsWith(standardSecretPrefix) ? secret.slice(standardSecretPrefix.length) : secret,
    'base64',
  );
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8');
  return `v1,${mac.digest('base64')}`;
}

/** DingTalk's `sign` before URL encoding: base64(HMAC-SHA256(key = secret, "{timestamp ms}\n{secret}")). */
export function dingtalkSign(secret: string, timestampMs: number): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestampMs}\n${secret}`, 'utf8')
    .digest('base64');
}

/**
 * The robot's address with `timestamp` and `sign` added to its query (replacing any already
 * there); the rest of the query (the robot's access_token) is kept as written.
 */
export function dingtalkSignedUrl(address: string, secret: string, timestampMs: number): string {
  const hashAt = address.indexOf('#');
  const withoutHash = hashAt < 0 ? address : address.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const kept =
    queryAt < 0
      ? []
      : withoutHash
          .slice(queryAt + 1)
          .split('&')
          .filter((part) => part !== '' && !/^(timestamp|sign)(=|$)/.test(part));
  const signed = [
    ...kept,
    `timestamp=${timestampMs}`,
    `sign=${encodeURIComponent(dingtalkSign(secret, timestampMs))}`,
  ];
  return `${base}?${signed.join('&')}`;
}

/** Feishu's `sign`: base64(HMAC-SHA256(key = "{timestamp s}\n{secret}", empty message)). */
export function feishuSign(secret: string, timestampSeconds: number): string {
  return createHmac('sha256', Buffer.from(`${timestampSeconds}\n${secret}`, 'utf8'))
    .update(Buffer.alloc(0))
    .digest('base64');
}

/** The JSON object body with Feishu's `timestamp` (text) and `sign` first; throws when it is not an object. */
export function feishuSignedBody(body: string, secret: string, timestampSeconds: number): string {
  const value: unknown = JSON.parse(body);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('a Feishu body must be a JSON object');
  }
  const { timestamp: _t, sign: _s, ...rest } = value as Record<string, unknown>;
  return JSON.stringify({
    timestamp: String(timestampSeconds),
    sign: feishuSign(secret, timestampSeconds),
    ...rest,
  });
}

export type TSignedRequest = { url: string; headers: Record<string, string>; body: string };

/**
 * One attempt's address, extra headers and body: the id and timestamp headers always, and the
 * signature of the webhook's mode when it has a secret. Throws when the mode needs a secret that
 * is missing (the caller records the attempt as failed: nothing goes out unsigned).
 */
export function signRequest(
  url: string,
  body: string,
  signing: TWebhookSigning,
  attempt: { messageId: string; time: Date },
): TSignedRequest {
  const ms = attempt.time.getTime();
  const seconds = Math.floor(ms / 1000);
  const headers: Record<string, string> = {
    [WebhookHeaders.id]: attempt.messageId,
    [WebhookHeaders.timestamp]: String(seconds),
  };
  if (signing.mode === 'none') return { url, headers, body };
  if (!signing.secret) throw new Error('signing secret missing');
  switch (signing.mode) {
    case 'standard':
      headers[WebhookHeaders.signature] = standardSignature(signing.secret, attempt.messageId, seconds, body);
      return { url, headers, body };
    case 'dingtalk':
      return { url: dingtalkSignedUrl(url, signing.secret, ms), headers, body };
    case 'feishu':
      return { url, headers, body: feishuSignedBody(body, signing.secret, seconds) };
  }
}

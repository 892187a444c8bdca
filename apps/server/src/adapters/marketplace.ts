/**
 * Cloud-marketplace registration tokens. A deployment points MARKETPLACE_ENDPOINT at the
 * marketplace's resolve-customer API (POST `{ token, offerType }` → `{ customerId, productCode }`);
 * without it, the development implementation accepts tokens it signed itself
 * (`mkt1.<payload>.<hmac>`, issued by `npm run cli -- marketplace-token`) and nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TMarketplaceCustomer } from '@console/contract';
import { notConfigured } from './registry';

export type TMarketplace = {
  /** The customer behind a token, or null when the token is unknown or expired. */
  resolve(token: string, offerType: string | null, signal: AbortSignal): Promise<TMarketplaceCustomer | null>;
};

type TDevPayload = { c: string; p: string; o: string | null; exp: number };

function sign(secret: string, body: string): string {
  return createHmac('sha256', `marketplace:${secret}`).update(body).digest('base64url');
}

export function issueDevMarketplaceToken(
  secret: string,
  customerId: string,
  offerType: string | null,
  ttlMs: number,
): string {
  const body = Buffer.from(
    JSON.stringify({
      c: customerId,
      p: 'data-platform',
      o: offerType,
      exp: Date.now() + ttlMs,
    } satisfies TDevPayload),
  ).toString('base64url');
  return `mkt1.${body}.${sign(secret, body)}`;
}

export function createDevMarketplace(secret: string, now: () => Date): TMarketplace {
  return {
    resolve: async (token, offerType) => {
      const [version, body, mac] = token.split('.');
      if (version !== 'mkt1' || !body || !mac) return null;
      const expected = Buffer.from(sign(secret, body));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TDevPayload;
      if (payload.exp < now().getTime()) return null;
      if (offerType && payload.o && offerType !== payload.o) return null;
      return { customerId: payload.c, productCode: payload.p, offerType: payload.o };
    },
  };
}

/** Production mode without `MARKETPLACE_ENDPOINT`: no token is resolved (4101), not even a development one. */
export function createUnconfiguredMarketplace(): TMarketplace {
  return {
    resolve: async () => {
      throw notConfigured('marketplace');
    },
  };
}

export function createHttpMarketplace(endpoint: string): TMarketplace {
  return {
    resolve: async (token, offerType, signal) => {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, offerType }),
        signal,
      });
      if (res.status === 400 || res.status === 404) return null;
      if (!res.ok) throw new Error(`marketplace answered HTTP ${res.status}`);
      const body = (await res.json()) as { customerId?: unknown; productCode?: unknown };
      if (typeof body.customerId !== 'string' || typeof body.productCode !== 'string') return null;
      return { customerId: body.customerId, productCode: body.productCode, offerType };
    },
  };
}

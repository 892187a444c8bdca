/**
 * Cloud-marketplace registration tokens. With `MARKETPLACE_PROVIDER=aws` a token is the
 * `x-amzn-marketplace-token` AWS Marketplace posts with the buyer, resolved by the Marketplace
 * Metering Service's `ResolveCustomer` (the official SDK, SigV4 under the seller's key). Without a
 * provider, the development implementation accepts tokens it signed itself (`mkt1.<payload>.<hmac>`,
 * issued by `npm run cli -- marketplace-token`) and nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  MarketplaceMeteringClient,
  ResolveCustomerCommand,
  type ResolveCustomerCommandOutput,
} from '@aws-sdk/client-marketplace-metering';
import type { TMarketplaceCustomer } from '@console/contract';
import { notConfigured } from './registry';

/** A resolved token: the customer shown to the buyer, and what AWS says of the subscription. */
export type TResolvedCustomer = TMarketplaceCustomer & {
  /** `CustomerAWSAccountId`: the buyer's AWS account (null from the development stand-in). */
  awsAccountId: string | null;
  /** `LicenseArn`, when AWS answers one. */
  licenseArn: string | null;
  /** `CustomerIdentifier`, when AWS answers one (new integrations may get none). */
  customerIdentifier: string | null;
};

export type TMarketplace = {
  /**
   * The customer behind a token, or null when the token is unknown (AWS: `InvalidTokenException`).
   * Throws `MarketplaceRefusal` when the token has expired or the marketplace cannot answer now.
   */
  resolve(token: string, offerType: string | null, signal: AbortSignal): Promise<TResolvedCustomer | null>;
};

/** Why a token was not resolved, other than being unknown: `expired`, or `unavailable` (try later). */
export class MarketplaceRefusal extends Error {
  constructor(
    readonly reason: 'expired' | 'unavailable',
    /** The provider's error name (never its message, never a credential). */
    readonly providerError: string,
  ) {
    super(`marketplace refused: ${reason} (${providerError})`);
    this.name = 'MarketplaceRefusal';
  }
}

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
      return {
        customerId: payload.c,
        productCode: payload.p,
        offerType: payload.o,
        awsAccountId: null,
        licenseArn: null,
        customerIdentifier: null,
      };
    },
  };
}

/** Production mode without `MARKETPLACE_PROVIDER`: no token is resolved (4101), not even a development one. */
export function createUnconfiguredMarketplace(): TMarketplace {
  return {
    resolve: async () => {
      throw notConfigured('marketplace');
    },
  };
}

export type TAwsMarketplaceSettings = {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A full URL (a local peer in tests); null: the SDK's endpoint of the region. */
  endpoint: string | null;
};

/** Error names of ResolveCustomer (AWS JSON 1.1 `__type`) that mean the token itself is refused. */
const invalidTokenErrors = new Set(['InvalidTokenException']);
const expiredTokenErrors = new Set(['ExpiredTokenException']);

function nonBlank(value: string | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * AWS Marketplace: `ResolveCustomer` through `@aws-sdk/client-marketplace-metering`. One attempt
 * per call (the buyer is told to try again rather than kept waiting behind retries); the offer type
 * AWS posted (`free-trial`) travels with the customer, as AWS does not answer it.
 */
export function createAwsMarketplace(settings: TAwsMarketplaceSettings): TMarketplace {
  const client = new MarketplaceMeteringClient({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    maxAttempts: 1,
  });
  return {
    resolve: async (token, offerType, signal) => {
      let answer: ResolveCustomerCommandOutput;
      try {
        answer = await client.send(new ResolveCustomerCommand({ RegistrationToken: token }), {
          abortSignal: signal,
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : 'UnknownError';
        if (invalidTokenErrors.has(name)) return null;
        if (expiredTokenErrors.has(name)) throw new MarketplaceRefusal('expired', name);
        // Throttling, internal errors, a disabled API, a refused signature or key, the network.
        throw new MarketplaceRefusal('unavailable', name);
      }
      const awsAccountId = nonBlank(answer.CustomerAWSAccountId);
      const customerIdentifier = nonBlank(answer.CustomerIdentifier);
      const productCode = nonBlank(answer.ProductCode);
      const customerId = customerIdentifier ?? awsAccountId;
      if (!productCode || !customerId) throw new MarketplaceRefusal('unavailable', 'IncompleteAnswer');
      return {
        customerId,
        productCode,
        offerType,
        awsAccountId,
        licenseArn: nonBlank(answer.LicenseArn),
        customerIdentifier,
      };
    },
  };
}

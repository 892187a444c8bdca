import { z } from 'zod';
import { AdapterNames, AdapterStates, type TAdapterName, type TAdapterState } from '../adapters';
import { DeployModes, Editions, Languages } from '../enums';

export const ZFeatureFlags = z.object({
  register: z.boolean(),
  globalPhone: z.boolean(),
  cruBilling: z.boolean(),
  gaAgreement: z.boolean(),
  studioLink: z.boolean(),
  huaweiLicense: z.boolean(),
  marketplaceRegister: z.boolean(),
});
export type TFeatureFlags = z.infer<typeof ZFeatureFlags>;

export const ZAdapterStates = z.object(
  Object.fromEntries(AdapterNames.map((name) => [name, z.enum(AdapterStates)])) as Record<
    TAdapterName,
    z.ZodEnum<{ [K in TAdapterState]: K }>
  >,
);
export type TAdapterStates = z.infer<typeof ZAdapterStates>;

/** Console meta: edition, mode and feature flags (`GET /api/meta`). */
export const ZMeta = z.object({
  edition: z.enum(Editions),
  deployMode: z.enum(DeployModes),
  defaultLanguage: z.enum(Languages),
  features: ZFeatureFlags,
  /** The console's public address; login addresses are `<account>.accounts.<host>`. */
  consoleUrl: z.string(),
  support: z.object({
    phone: z.string().nullable(),
    emails: z.array(z.string()),
    qrUrl: z.string().nullable(),
  }),
  links: z.object({
    docs: z.string().nullable(),
    releaseNotes: z.string().nullable(),
    studio: z.string().nullable(),
  }),
  /** URL of a public-IP lookup the client may call before login; null to skip. */
  ipLookupUrl: z.string().nullable(),
  /** Hosts a login's fallback URL may point at (`*.example.com` for sub-domains); empty: none. */
  fallbackHosts: z.array(z.string()),
  /** Hosts where phones get the simplified mobile login (`*.example.com` for sub-domains); empty: none. */
  mobileLoginHosts: z.array(z.string()),
  /** The development outbox exists (`/api/dev/outbox`, page `/dev/outbox`); never in production mode. */
  devOutbox: z.boolean(),
  /** Which systems are configured: the console disables what an unconfigured one would serve. */
  adapters: ZAdapterStates,
  /** Production mode with development stand-ins answering: every page shows a banner. */
  isDemonstration: z.boolean(),
});
export type TMeta = z.infer<typeof ZMeta>;

export const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']) });
export type THealth = z.infer<typeof ZHealth>;

/**
 * SCIM provisioning tokens (issue 22, decision 0031): bearer tokens that an account administrator
 * creates and revokes on the SSO page, for the identity provider's SCIM 2.0 client. A token is
 * answered once, at creation; only its digest is kept.
 */
import { z } from 'zod';
import { Limits } from '../limits';
import { ZId, ZTimestamp } from './common';

/** One token as the list shows it (never the token itself). */
export const ZScimToken = z.object({
  id: ZId,
  name: z.string(),
  /** The token's first characters, to tell tokens apart. */
  prefix: z.string(),
  createdAt: ZTimestamp,
  /** Username of the administrator who created it (null when that user is gone). */
  createdBy: z.string().nullable(),
  lastUsedAt: ZTimestamp.nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: ZTimestamp.nullable(),
  revokedBy: z.string().nullable(),
});
export type TScimToken = z.infer<typeof ZScimToken>;

export const ZScimTokenList = z.object({
  /** The SCIM base URL of the account: `<PUBLIC_URL>/scim/v2/<account name>`. */
  baseUrl: z.string(),
  list: z.array(ZScimToken),
});
export type TScimTokenList = z.infer<typeof ZScimTokenList>;

export const ZCreateScimTokenRequest = z.object({
  name: z.string().trim().min(1).max(Limits.scimTokenNameMax),
});
export type TCreateScimTokenRequest = z.input<typeof ZCreateScimTokenRequest>;

/** The new token, answered this once. */
export const ZCreatedScimToken = z.object({ id: ZId, token: z.string(), item: ZScimToken });
export type TCreatedScimToken = z.infer<typeof ZCreatedScimToken>;

export const ZRevokeScimTokenRequest = z.object({ id: ZId });
export type TRevokeScimTokenRequest = z.input<typeof ZRevokeScimTokenRequest>;

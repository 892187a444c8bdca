/**
 * Active sessions (issue 22): a user's own live sessions, and an administrator's view of the
 * sessions of the account's users; each can be ended.
 */
import { z } from 'zod';
import { ZId, ZTimestamp } from './common';

/** The kinds of device a user agent names. */
export const SessionDeviceTypes = ['desktop', 'mobile', 'tablet', 'other'] as const;

/** One live session (signed in, not ended, neither idle nor past its absolute end). */
export const ZSessionVo = z.object({
  id: ZId,
  /** The session of this request. */
  isCurrent: z.boolean(),
  /** Signed in at. */
  createdAt: ZTimestamp,
  /** Last request, to the minute (the server records activity at most once a minute). */
  lastSeenAt: ZTimestamp,
  ip: z.string().nullable(),
  /** Browser and major version from the user agent, e.g. `Chrome 131`; null when unknown. */
  browser: z.string().nullable(),
  /** Operating system and version from the user agent, e.g. `macOS 10.15.7`; null when unknown. */
  os: z.string().nullable(),
  deviceType: z.enum(SessionDeviceTypes),
  /**
   * How it was signed in: `password`, `password_ga`, `password_phone`, `password_email`, `password_passkey`, `passkey`,
   * `sso_oidc`, `sso_saml`, `third_party:<provider>`; null for sessions of older versions.
   */
  method: z.string().nullable(),
});
export type TSessionVo = z.infer<typeof ZSessionVo>;

export const ZSessionList = z.object({ list: z.array(ZSessionVo) });
export type TSessionList = z.infer<typeof ZSessionList>;

export const ZEndSessionRequest = z.object({ id: ZId });
export type TEndSessionRequest = z.input<typeof ZEndSessionRequest>;

export const ZUserSessionsQuery = z.object({
  accountId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive(),
});
export type TUserSessionsQuery = z.input<typeof ZUserSessionsQuery>;

/** One session of the user (`id`), or all of them. */
export const ZEndUserSessionsRequest = z.object({
  accountId: ZId.optional(),
  userId: ZId,
  id: ZId.optional(),
});
export type TEndUserSessionsRequest = z.input<typeof ZEndUserSessionsRequest>;

/** How many sessions were ended. */
export const ZEndedSessions = z.object({ count: z.number().int() });
export type TEndedSessions = z.infer<typeof ZEndedSessions>;

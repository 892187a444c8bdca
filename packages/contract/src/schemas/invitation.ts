/**
 * Invitations (spec section 2, `/userManage/{userId}`): instead of setting a password, an
 * administrator adding a user with an e-mail or phone sends a link to it; the invited user opens
 * it without a session, sets a password under the account's policy (binding login protection when
 * the account requires it) and signs in. The link serves once and lives 72 hours.
 */
import { z } from 'zod';
import { MfaMethodTypes } from '../enums';
import { vkey, ZId, ZTimestamp } from './common';
import { ZNewPassword, ZPasswordPolicy } from './self-service';

export const InvitationChannels = ['EMAIL', 'SMS'] as const;
export type TInvitationChannel = (typeof InvitationChannels)[number];
export const ZInvitationChannel = z.enum(InvitationChannels);

/** Where a user's latest invitation stands (none: the user never had one, or accepted it). */
export const InvitationStates = ['pending', 'expired', 'revoked'] as const;
export type TInvitationState = (typeof InvitationStates)[number];

/** The invitation of a row of the user list. */
export const ZUserInvitation = z.object({
  state: z.enum(InvitationStates),
  channel: ZInvitationChannel,
  createTime: ZTimestamp,
  expireTime: ZTimestamp,
});
export type TUserInvitation = z.infer<typeof ZUserInvitation>;

const ZToken = z.string(vkey('required')).trim().min(1, vkey('required')).max(128);

/** The link's user id (the path segment) and its token (`?token=`). */
export const ZInvitationQuery = z.object({
  userId: z.coerce.number().int().positive(),
  token: ZToken,
});
export type TInvitationQuery = z.input<typeof ZInvitationQuery>;
export const ZInvitationRef = z.object({ userId: ZId, token: ZToken });
export type TInvitationRef = z.input<typeof ZInvitationRef>;

/** What the invited user sees before setting a password. */
export const ZInvitation = z.object({
  accountName: z.string(),
  accountDisplayName: z.string(),
  username: z.string(),
  /** The account's password policy, which the new password must meet. */
  passwordPolicy: ZPasswordPolicy,
  /**
   * Login protection the account requires of every user, and how this invitation binds it:
   * `GA` an authenticator app bound on the page (international edition), `PHONE`/`EMAIL` the
   * address that received the link counts as proven (domestic edition); null when not required.
   */
  loginProtection: z.object({
    isRequired: z.boolean(),
    method: z.enum(MfaMethodTypes).nullable(),
  }),
  channel: ZInvitationChannel,
  /** The address the link went to, masked. */
  sentTo: z.string(),
  expireTime: ZTimestamp,
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** Accepting: the new password, and the authenticator's first code when one is being bound. */
export const ZAcceptInvitationRequest = ZInvitationRef.extend({
  password: ZNewPassword,
  /** The binding of `invitationMfaCode` (its id) and its first code, encrypted with its public key. */
  uniqueId: z.string().max(128).optional(),
  code: z.string().max(2048).optional(),
});
export type TAcceptInvitationRequest = z.input<typeof ZAcceptInvitationRequest>;

export const ZAcceptedInvitation = z.object({
  accountName: z.string(),
  username: z.string(),
  /** The login protection turned on by accepting (null: none). */
  mfaMethodType: z.enum(MfaMethodTypes).nullable(),
});
export type TAcceptedInvitation = z.infer<typeof ZAcceptedInvitation>;

/** Resending (a new link; the old one stops working) or revoking a user's invitation. */
export const ZInvitationAdminRequest = z.object({
  accountId: ZId.optional(),
  /** The invited user. */
  id: ZId,
  /** Resend only: where to (default: the channel of the previous invitation). */
  channel: ZInvitationChannel.optional(),
});
export type TInvitationAdminRequest = z.input<typeof ZInvitationAdminRequest>;

import { z } from 'zod';
import { MfaMethodTypes } from '../enums';
import { ZAuthCodeType, ZAuthMethod, ZCaptchaFields } from './verification';

/**
 * Authenticator (TOTP) binding: the secret as an otpauth:// URI, as a QR code and as text for
 * manual entry (`initialCode`), with the public key and id under which the confirming code is
 * sent (RSA-OAEP, SHA-256).
 */
export const ZGetMfaCodeRequest = z.object({
  accountName: z.string().trim().max(64).nullish(),
  userName: z.string().trim().max(64).nullish(),
  /** The sign-in waiting for its second step, when binding during sign-in. */
  uniqueId: z.string().max(128).nullish(),
  phoneAuthCode: z.string().max(64).nullish(),
  mfaMethodType: z.enum(MfaMethodTypes).nullish(),
});
export type TGetMfaCodeRequest = z.infer<typeof ZGetMfaCodeRequest>;

export const ZMfaCode = z.object({
  /** The base32 secret, for manual entry. */
  initialCode: z.string(),
  otpauthUri: z.string(),
  /** PNG data URL of the otpauth URI. */
  qrCode: z.string(),
  issuer: z.string(),
  label: z.string(),
  publicKey: z.string(),
  uniqueId: z.string(),
});
export type TMfaCode = z.infer<typeof ZMfaCode>;

export const ZOptionalAuthMethodHeaders = z.object({ authmethod: ZAuthMethod.optional() });

/** Proof of identity from `checkAuthCode`, in headers. */
export const ZAuthCodeTokenHeaders = z.object({
  authcodetoken: z.string().min(1).max(128),
  authcodetype: ZAuthCodeType.optional(),
});
export const ZOptionalAuthCodeTokenHeaders = z.object({
  authcodetoken: z.string().min(1).max(128).optional(),
  authcodetype: ZAuthCodeType.optional(),
});

export const ZModifyMfaStatusRequest = z.object({
  enable: z.boolean(),
  mfaMethodType: z.enum(MfaMethodTypes),
  /** With an authenticator code: the id of `getMfaCode`/`resetMfaCode` or of a status challenge. */
  uniqueId: z.string().max(128).nullish(),
  /** The authenticator code, RSA-OAEP encrypted with the public key of `uniqueId`. */
  code: z.string().max(4096).nullish(),
});
export type TModifyMfaStatusRequest = z.infer<typeof ZModifyMfaStatusRequest>;

/** The signed-in user's login protection. */
export const ZMfaState = z.object({
  enable: z.boolean(),
  mfaMethodType: z.enum(MfaMethodTypes).nullable(),
  gaAlreadyBinding: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The account requires login protection of every user. */
  accountRequired: z.boolean(),
  /** How many passkeys the user has registered (issue 22). */
  passkeys: z.number().int().nonnegative(),
});
export type TMfaState = z.infer<typeof ZMfaState>;

/** A challenge for confirming with an authenticator code (public key and id). */
export const ZMfaChallenge = z.object({ publicKey: z.string(), uniqueId: z.string() });
export type TMfaChallenge = z.infer<typeof ZMfaChallenge>;

/**
 * Whether the account's administrator can require login protection of every user now, and what
 * it would mean. It can when every enabled regular user can complete a second step at sign-in
 * with what this installation and the user have (an authenticator app or passkey bound, an
 * authenticator to bind at sign-in in the international edition, or a configured SMS or e-mail
 * channel to a phone or e-mail of theirs), and the administrator can prove a second step of their
 * own in the same request.
 */
export const ZMfaEnforcement = z.object({
  isPossible: z.boolean(),
  /**
   * Why not: the code that requiring it would answer (4165 users who could not complete a second
   * step, 4166 the administrator can receive no code, 4167 the administrator has no authenticator
   * app); null when it is possible.
   */
  blockedBy: z.number().int().nullable(),
  /** Enabled regular users (the administrator aside) who could not complete a second step. */
  blockedUsers: z.number().int().nonnegative(),
  /** The usernames of the first few of them (at most 5), for the administrator to find them. */
  blockedUsernames: z.array(z.string()).max(5),
  /** Enabled regular users (the administrator aside) who will be asked to set up login protection at their next sign-in. */
  usersToSetUp: z.number().int().nonnegative(),
  /**
   * How the administrator proves their own second step when turning it on: `GA` the current code of
   * their authenticator app (under a status challenge), `CODE` a code sent to one of `proofChannels`
   * (its checkToken, purpose MFA_STATUS); null when they cannot.
   */
  proof: z.enum(['GA', 'CODE']).nullable(),
  proofChannels: z.array(ZAuthCodeType),
});
export type TMfaEnforcement = z.infer<typeof ZMfaEnforcement>;

export const ZMfaPolicy = z.object({
  required: z.boolean(),
  /** Users may sign in with a passkey alone. */
  passkeySignIn: z.boolean(),
  /** For account administrators: whether the requirement can be turned on (null for other users). */
  enforcement: ZMfaEnforcement.nullable(),
});
export type TMfaPolicy = z.infer<typeof ZMfaPolicy>;

/**
 * Saves the policy. Turning the requirement on needs the administrator's own second step in the
 * same request: the current authenticator code encrypted under a status challenge (`uniqueId`,
 * `code`), or the checkToken of a code sent to their phone or e-mail (header `authCodeToken`).
 */
export const ZSaveMfaPolicyRequest = z.object({
  required: z.boolean(),
  /** Users may sign in with a passkey alone (left as it is when not sent). */
  passkeySignIn: z.boolean().optional(),
  /** The status challenge (`createMfaChallenge`) the authenticator code is encrypted under. */
  uniqueId: z.string().max(128).nullish(),
  /** The authenticator code, RSA-OAEP encrypted with the public key of `uniqueId`. */
  code: z.string().max(4096).nullish(),
});
export type TSaveMfaPolicyRequest = z.infer<typeof ZSaveMfaPolicyRequest>;

/** Sends the second-step code of a sign-in to the user's phone or e-mail. */
export const ZSendLoginCodeRequest = z
  .object({ uniqueId: z.string().min(1).max(128), authCodeType: ZAuthCodeType })
  .extend(ZCaptchaFields.shape);
export type TSendLoginCodeRequest = z.infer<typeof ZSendLoginCodeRequest>;

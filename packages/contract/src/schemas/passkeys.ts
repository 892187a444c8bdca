/**
 * Passkeys (WebAuthn, issue 22): a user's registered passkeys, their registration, and sign-in by
 * passkey (as the second step of a password sign-in, or alone where the account allows it). The
 * options and the authenticator's answers are WebAuthn's JSON forms (base64url fields), as
 * `@simplewebauthn/browser` gives and takes them.
 */
import { z } from 'zod';
import { ZId, ZTimestamp } from './common';

/** A passkey's name: what the user calls it ("MacBook Touch ID", "YubiKey 5"). */
export const ZPasskeyName = z.string().trim().min(1).max(64);

export const ZPasskeyVo = z.object({
  id: ZId,
  name: z.string(),
  createdAt: ZTimestamp,
  lastUsedAt: ZTimestamp.nullable(),
  /** Synced between the user's devices (`multiDevice`), or kept by one authenticator. */
  isSynced: z.boolean(),
  /** The authenticator says the passkey is backed up. */
  isBackedUp: z.boolean(),
});
export type TPasskeyVo = z.infer<typeof ZPasskeyVo>;

export const ZPasskeyList = z.object({
  list: z.array(ZPasskeyVo),
  /** The account lets users sign in with a passkey alone (without a password). */
  passkeySignIn: z.boolean(),
});
export type TPasskeyList = z.infer<typeof ZPasskeyList>;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** WebAuthn options for the browser (`PublicKeyCredentialCreationOptionsJSON` / `…RequestOptionsJSON`). */
export const ZWebAuthnOptions = z.looseObject({ challenge: z.string() });
export type TWebAuthnOptions = z.infer<typeof ZWebAuthnOptions>;

const ZCredentialBase = {
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullish(),
};

/** The authenticator's answer to a registration (`RegistrationResponseJSON`). */
export const ZRegistrationResponse = z.object({
  ...ZCredentialBase,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    transports: z.array(z.string().max(32)).max(8).optional(),
    authenticatorData: base64url(65_536).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

/** The authenticator's answer to a sign-in (`AuthenticationResponseJSON`). */
export const ZAuthenticationResponse = z.object({
  ...ZCredentialBase,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65_536),
    signature: base64url(4096),
    userHandle: base64url(256).nullish(),
  }),
});

export const ZRegisterPasskeyRequest = z.object({
  name: ZPasskeyName,
  credential: ZRegistrationResponse,
});
export type TRegisterPasskeyRequest = z.input<typeof ZRegisterPasskeyRequest>;

export const ZRenamePasskeyRequest = z.object({ id: ZId, name: ZPasskeyName });
export type TRenamePasskeyRequest = z.input<typeof ZRenamePasskeyRequest>;

export const ZRemovePasskeyRequest = z.object({ id: ZId });
export type TRemovePasskeyRequest = z.input<typeof ZRemovePasskeyRequest>;

/**
 * Options of a sign-in by passkey: for the second step of a password sign-in (`uniqueId` of its
 * challenge), or alone (`accountDisplayName`, the account's login address).
 */
export const ZPasskeySignInOptionsRequest = z
  .object({
    uniqueId: z.string().min(1).max(128).optional(),
    accountDisplayName: z.string().trim().min(1).max(64).optional(),
  })
  .refine((r) => Boolean(r.uniqueId) !== Boolean(r.accountDisplayName), {
    message: 'uniqueId or accountDisplayName',
    path: ['accountDisplayName'],
  });
export type TPasskeySignInOptionsRequest = z.input<typeof ZPasskeySignInOptionsRequest>;

/** Signs in with the authenticator's answer to the options of `passkeySignInOptions`. */
export const ZPasskeySignInRequest = z.object({
  /** The second step's challenge, as in the options' request. */
  uniqueId: z.string().min(1).max(128).optional(),
  /** The login address typed (with the second step: the sign-in's, as for a code). */
  accountDisplayName: z.string().trim().min(1).max(64),
  /** With the second step: the sign-in's username. */
  username: z.string().trim().min(1).max(64).optional(),
  credential: ZAuthenticationResponse,
});
export type TPasskeySignInRequest = z.input<typeof ZPasskeySignInRequest>;

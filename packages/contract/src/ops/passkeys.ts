/**
 * Operators' passkeys and their own second factor (issue 40, items 1 and 8; decision 0050): a
 * passkey as the first sign-in's second factor (instead of an authenticator app), as the second
 * step of a later sign-in and as a step-up; and the operator's own management of their second
 * factors (passkeys listed, added, renamed, removed; the authenticator app replaced). The relying
 * party is the back office's own origin (`OPS_ORIGIN`), never the customers' console.
 */
import { z } from 'zod';
import { ErrorCode } from '../codes';
import { ZId, ZTimestamp } from '../schemas/common';
import {
  ZAuthenticationResponse,
  ZPasskeyName,
  ZRegistrationResponse,
  ZWebAuthnOptions,
} from '../schemas/passkeys';
import type { TOpsRouteDef } from './routes';
import { OpsRoles, ZOpsCodeRequest, ZOpsSession, ZOpsStepUp, ZOpsTotpEnrolment } from './schemas';

/** The second factors an operator may have: an authenticator app and passkeys (any of both). */
export const OpsSecondFactors = ['totp', 'passkey'] as const;
export type TOpsSecondFactor = (typeof OpsSecondFactors)[number];

export const ZOpsPasskey = z.object({
  id: ZId,
  name: z.string(),
  createdAt: ZTimestamp,
  lastUsedAt: ZTimestamp.nullable(),
  /** Synced between the operator's devices (`multiDevice`), or kept by one authenticator. */
  isSynced: z.boolean(),
});
export type TOpsPasskey = z.infer<typeof ZOpsPasskey>;

/** The signed-in operator's own second factors. */
export const ZOpsSecondFactors = z.object({
  hasAuthenticator: z.boolean(),
  passkeys: z.array(ZOpsPasskey),
  /** How many passkeys an operator may have. */
  passkeyLimit: z.number().int(),
});
export type TOpsSecondFactors = z.infer<typeof ZOpsSecondFactors>;

export const ZOpsPasskeyRegisterRequest = z.object({ name: ZPasskeyName, credential: ZRegistrationResponse });
export type TOpsPasskeyRegisterRequest = z.input<typeof ZOpsPasskeyRegisterRequest>;
export const ZOpsPasskeyAssertionRequest = z.object({ credential: ZAuthenticationResponse });
export type TOpsPasskeyAssertionRequest = z.input<typeof ZOpsPasskeyAssertionRequest>;
export const ZOpsPasskeyRenameRequest = z.object({ id: ZId, name: ZPasskeyName });
export const ZOpsPasskeyRemoveRequest = z.object({ id: ZId });

const everyRole = OpsRoles;
const ceremonyCodes = [
  ErrorCode.opsPasskeyUnknown,
  ErrorCode.opsPasskeyNotVerified,
  ErrorCode.opsPasskeyChallengeExpired,
  ErrorCode.opsPasskeyCounterRegression,
];

export const opsPasskeyRoutes = {
  opsSetupPasskeyOptions: {
    method: 'POST',
    path: '/api/ops/setup/passkey/options',
    access: 'setup',
    tag: 'ops-session',
    summary:
      "First sign-in (or after a reset), once the password is replaced: the options of a passkey's registration, instead of an authenticator app",
    response: ZWebAuthnOptions,
    codes: [ErrorCode.opsSetupRequired, ErrorCode.opsChallengeExpired],
  },
  opsSetupPasskey: {
    method: 'POST',
    path: '/api/ops/setup/passkey',
    access: 'setup',
    tag: 'ops-session',
    summary:
      "Registers the first sign-in's passkey (named): the setup is complete and the answer is the session's token",
    body: ZOpsPasskeyRegisterRequest,
    response: ZOpsSession,
    codes: [...ceremonyCodes, ErrorCode.opsSetupRequired, ErrorCode.opsChallengeExpired],
  },
  opsSignInPasskeyOptions: {
    method: 'POST',
    path: '/api/ops/sign-in/passkey/options',
    access: 'totp',
    tag: 'ops-session',
    summary: "The options of a sign-in's second step by passkey (the operator's passkeys allowed)",
    response: ZWebAuthnOptions,
    codes: [ErrorCode.opsPasskeyUnknown, ErrorCode.opsChallengeExpired],
  },
  opsSignInPasskey: {
    method: 'POST',
    path: '/api/ops/sign-in/passkey',
    access: 'totp',
    tag: 'ops-session',
    summary:
      "A sign-in's second step by one of the operator's passkeys: answers the session's token (the step's token ends)",
    body: ZOpsPasskeyAssertionRequest,
    response: ZOpsSession,
    codes: [...ceremonyCodes, ErrorCode.opsChallengeExpired],
  },
  opsStepUpPasskeyOptions: {
    method: 'POST',
    path: '/api/ops/step-up/passkey/options',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-session',
    summary: 'The options of a step-up by passkey',
    response: ZWebAuthnOptions,
    codes: [ErrorCode.opsPasskeyUnknown],
  },
  opsStepUpPasskey: {
    method: 'POST',
    path: '/api/ops/step-up/passkey',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-session',
    summary: 'Proves the second factor again with a passkey, for the acts that need it fresh',
    body: ZOpsPasskeyAssertionRequest,
    response: ZOpsStepUp,
    codes: ceremonyCodes,
  },
  opsMySecondFactors: {
    method: 'GET',
    path: '/api/ops/me/second-factors',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-session',
    summary: "The operator's own second factors: the authenticator app and the passkeys",
    response: ZOpsSecondFactors,
  },
  opsMyPasskeyOptions: {
    method: 'POST',
    path: '/api/ops/me/passkeys/options',
    access: 'operator',
    roles: everyRole,
    stepUp: true,
    tag: 'ops-session',
    summary: "The options of a new passkey's registration (needs a fresh second factor)",
    response: ZWebAuthnOptions,
    codes: [ErrorCode.opsPasskeyLimitReached, ErrorCode.opsStepUpRequired],
  },
  opsMyPasskeyAdd: {
    method: 'POST',
    path: '/api/ops/me/passkeys',
    access: 'operator',
    roles: everyRole,
    stepUp: true,
    tag: 'ops-session',
    summary: 'Registers a new passkey of the operator (named; needs a fresh second factor)',
    body: ZOpsPasskeyRegisterRequest,
    response: ZOpsSecondFactors,
    codes: [...ceremonyCodes, ErrorCode.opsPasskeyLimitReached, ErrorCode.opsStepUpRequired],
  },
  opsMyPasskeyRename: {
    method: 'POST',
    path: '/api/ops/me/passkeys/rename',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-session',
    summary: "Renames one of the operator's passkeys",
    body: ZOpsPasskeyRenameRequest,
    response: ZOpsSecondFactors,
    codes: [ErrorCode.opsPasskeyNotFound],
  },
  opsMyPasskeyRemove: {
    method: 'POST',
    path: '/api/ops/me/passkeys/remove',
    access: 'operator',
    roles: everyRole,
    stepUp: true,
    tag: 'ops-session',
    summary:
      "Removes one of the operator's passkeys (needs a fresh second factor); the last second factor stays",
    body: ZOpsPasskeyRemoveRequest,
    response: ZOpsSecondFactors,
    codes: [ErrorCode.opsPasskeyNotFound, ErrorCode.opsLastSecondFactor, ErrorCode.opsStepUpRequired],
  },
  opsMyAuthenticatorStart: {
    method: 'POST',
    path: '/api/ops/me/authenticator',
    access: 'operator',
    roles: everyRole,
    stepUp: true,
    tag: 'ops-session',
    summary:
      'A new authenticator secret to scan (needs a fresh second factor): it replaces the current one once its first code confirms it',
    response: ZOpsTotpEnrolment,
    codes: [ErrorCode.opsStepUpRequired],
  },
  opsMyAuthenticatorConfirm: {
    method: 'POST',
    path: '/api/ops/me/authenticator/confirm',
    access: 'operator',
    roles: everyRole,
    stepUp: true,
    tag: 'ops-session',
    summary: "Confirms the new authenticator with its code: it replaces the operator's authenticator",
    body: ZOpsCodeRequest,
    response: ZOpsSecondFactors,
    codes: [ErrorCode.opsCodeWrong, ErrorCode.opsAuthenticatorNotStarted, ErrorCode.opsStepUpRequired],
  },
} as const satisfies Record<string, TOpsRouteDef>;

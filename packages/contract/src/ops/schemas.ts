/**
 * Request and response schemas of the operators' back office (`/api/ops/…`, decision 0047):
 * operators, their sign-in in steps, and the owner's management of operators.
 */
import { z } from 'zod';
import { Limits } from '../limits';
import type { TPasswordRules } from '../password-rules';
import { vkey, ZId, ZTimestamp } from '../schemas/common';

/** The back office's roles: `owner` does everything, `auditor` reads everything and changes nothing. */
export const OpsRoles = ['owner', 'support', 'reviewer', 'finance', 'auditor'] as const;
export const ZOpsRole = z.enum(OpsRoles, vkey('invalid'));
export type TOpsRole = z.infer<typeof ZOpsRole>;

export const OpsOperatorStatuses = ['active', 'disabled'] as const;
export type TOpsOperatorStatus = (typeof OpsOperatorStatuses)[number];

/** An operator's password: at least 12 characters with digits, lower and upper case. */
export const OpsPasswordPolicy: TPasswordRules = {
  requiredCharTypes: ['DIGIT', 'LOWERCASE', 'UPPERCASE'],
  minLength: 12,
  expireDays: 0,
};

/** Operators' usernames: lower-case letters first, then letters, digits, dot, dash, underscore. */
export const opsUsernamePattern = /^[a-z][a-z0-9._-]{2,31}$/;

export const ZOpsUsername = z.string().trim().toLowerCase().regex(opsUsernamePattern, vkey('invalid'));
const ZPasswordInput = z.string().min(1, vkey('required')).max(Limits.passwordMax, vkey('invalid'));
const ZOtp = z.string().regex(/^\d{6}$/, vkey('invalid'));
/** Why an owner acts: kept in the installation's audit. */
export const ZOpsReason = z.string().trim().min(1, vkey('required')).max(500, vkey('invalid'));

export const ZOpsSignInRequest = z.object({ username: ZOpsUsername, password: ZPasswordInput });

/**
 * The password was right: `totp` asks the second step (the authenticator code or a passkey, as
 * `secondFactors` says the operator has); `setup` asks first to replace the one-time password
 * (when `mustChangePassword`) and then to enrol an authenticator app or a passkey. The token is
 * good only for that step.
 */
export const ZOpsSignInStep = z.object({
  stage: z.enum(['setup', 'totp']),
  token: z.string(),
  mustChangePassword: z.boolean(),
  /** The second factors the operator has (empty during the setup). */
  secondFactors: z.array(z.enum(['totp', 'passkey'])),
  expiresAt: ZTimestamp,
});
export type TOpsSignInStep = z.infer<typeof ZOpsSignInStep>;

export const ZOpsCodeRequest = z.object({ code: ZOtp });
export const ZOpsSetupPasswordRequest = z.object({ password: ZPasswordInput });
export const ZOpsTotpEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  issuer: z.string(),
  label: z.string(),
});

export const ZOpsOperator = z.object({
  id: ZId,
  username: z.string(),
  role: ZOpsRole,
  status: z.enum(OpsOperatorStatuses),
  hasAuthenticator: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: ZTimestamp,
  lastSignInAt: ZTimestamp.nullable(),
});
export type TOpsOperator = z.infer<typeof ZOpsOperator>;

/** A full session: the new token (the step's token ends) and who signed in. */
export const ZOpsSession = z.object({
  token: z.string(),
  operator: ZOpsOperator,
  idleMinutes: z.number().int(),
  expiresAt: ZTimestamp,
});

export const ZOpsMe = z.object({
  operator: ZOpsOperator,
  /** When the second factor was last proven in this session; acts that need it again after 15 minutes. */
  secondFactorAt: ZTimestamp,
  expiresAt: ZTimestamp,
});

export const ZOpsStepUp = z.object({ secondFactorAt: ZTimestamp });

export const ZOpsChangePasswordRequest = z.object({
  currentPassword: ZPasswordInput,
  newPassword: ZPasswordInput,
});

export const ZOpsOperatorList = z.object({ list: z.array(ZOpsOperator), total: z.number().int() });

export const ZOpsCreateOperatorRequest = z.object({
  username: ZOpsUsername,
  role: ZOpsRole,
  reason: ZOpsReason.optional(),
});
/** The one-time password is shown once, here; the operator replaces it at the first sign-in. */
export const ZOpsCreatedOperator = z.object({ operator: ZOpsOperator, oneTimePassword: z.string() });

export const ZOpsOperatorActRequest = z.object({ operatorId: ZId, reason: ZOpsReason });
export const ZOpsReRoleRequest = z.object({ operatorId: ZId, role: ZOpsRole, reason: ZOpsReason });

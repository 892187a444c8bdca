/**
 * The route table of the operators' back office (decision 0047): every `/api/ops/…` route with
 * its method, path, access rule, the roles it admits, whether it needs a fresh second factor,
 * its schemas and the business codes it may answer. The ops listener registers its handlers
 * against this table, its OpenAPI document and its permission matrix come from it.
 */
import type { z } from 'zod';
import { ErrorCode } from '../codes';
import { ZNull } from '../schemas/common';
import { opsAccountsRoutes } from './accounts';
import { opsCatalogueRoutes } from './catalogue';
import { opsDashboardRoutes } from './dashboard';
import { opsPasskeyRoutes } from './passkeys';
import {
  OpsRoles,
  type TOpsRole,
  ZOpsChangePasswordRequest,
  ZOpsCodeRequest,
  ZOpsCreatedOperator,
  ZOpsCreateOperatorRequest,
  ZOpsMe,
  ZOpsOperator,
  ZOpsOperatorActRequest,
  ZOpsOperatorList,
  ZOpsReRoleRequest,
  ZOpsSession,
  ZOpsSetupPasswordRequest,
  ZOpsSignInRequest,
  ZOpsSignInStep,
  ZOpsStepUp,
  ZOpsTotpEnrolment,
} from './schemas';

export * from './accounts';
export * from './catalogue';
export * from './dashboard';
export * from './passkeys';
export * from './schemas';

/** The ops API's own session cookie (HttpOnly, SameSite=Strict, path /api/ops). */
export const OpsSessionCookie = 'cz_ops_token';
/** Every ops session token starts so: a customer's token is never taken for one, nor the reverse. */
export const OpsTokenPrefix = 'ops_';
/** Sessions end after this long without a request… */
export const opsIdleMinutes = 30;
/** …and this long after the sign-in, whatever the activity. */
export const opsAbsoluteHours = 8;
/** Acts marked `stepUp` need the second factor proven within this many minutes. */
export const opsStepUpMinutes = 15;
/** A sign-in step (setup or authenticator code) must be finished within this many minutes. */
export const opsStepMinutes = 15;

/**
 * public: no session; setup: the session of a sign-in whose operator must still replace the
 * one-time password and enrol a second factor (an authenticator app or a passkey); totp: the
 * session of a sign-in waiting for its second step (the authenticator code or a passkey); anySession: any ops session, whatever its step (signing out); operator: a
 * signed-in operator of one of `roles`.
 */
export type TOpsAccess = 'public' | 'setup' | 'totp' | 'anySession' | 'operator';

export type TOpsRouteDef = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: TOpsAccess;
  /** For `operator` routes: the roles admitted (others answer 4309). */
  readonly roles?: readonly TOpsRole[];
  /** The act needs the second factor proven within `opsStepUpMinutes` (else 4302). */
  readonly stepUp?: boolean;
  readonly summary: string;
  readonly tag: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Business codes (HTTP 200 with the code in the body) this route may answer. */
  readonly codes?: readonly number[];
};

const everyRole = OpsRoles;
const ownerOnly = ['owner'] as const satisfies readonly TOpsRole[];
const policyErrors = [
  ErrorCode.passwordTooShort,
  ErrorCode.passwordTooLong,
  ErrorCode.passwordMissingCharTypes,
  ErrorCode.passwordInvalidChars,
  ErrorCode.passwordSameAsOld,
  ErrorCode.passwordPolicyViolated,
];

export const opsRoutes = {
  ...opsAccountsRoutes,
  opsSignIn: {
    method: 'POST',
    path: '/api/ops/sign-in',
    access: 'public',
    tag: 'ops-session',
    summary:
      "An operator's password: answers the next step (authenticator code, or the first sign-in's setup) and its token",
    body: ZOpsSignInRequest,
    response: ZOpsSignInStep,
    codes: [ErrorCode.opsSignInFailed],
  },
  opsSignInTotp: {
    method: 'POST',
    path: '/api/ops/sign-in/totp',
    access: 'totp',
    tag: 'ops-session',
    summary: "The authenticator code of a sign-in: answers the session's token (the step's token ends)",
    body: ZOpsCodeRequest,
    response: ZOpsSession,
    codes: [ErrorCode.opsCodeWrong, ErrorCode.opsChallengeExpired],
  },
  opsSetupPassword: {
    method: 'POST',
    path: '/api/ops/setup/password',
    access: 'setup',
    tag: 'ops-session',
    summary: 'First sign-in: replaces the one-time password',
    body: ZOpsSetupPasswordRequest,
    response: ZNull,
    codes: [...policyErrors, ErrorCode.opsChallengeExpired],
  },
  opsSetupTotp: {
    method: 'POST',
    path: '/api/ops/setup/totp',
    access: 'setup',
    tag: 'ops-session',
    summary:
      'First sign-in (or after a reset): a new authenticator secret to scan, confirmed by its first code',
    response: ZOpsTotpEnrolment,
    codes: [ErrorCode.opsSetupRequired, ErrorCode.opsChallengeExpired],
  },
  opsSetupTotpConfirm: {
    method: 'POST',
    path: '/api/ops/setup/totp/confirm',
    access: 'setup',
    tag: 'ops-session',
    summary:
      "Confirms the authenticator with its code: the setup is complete and the answer is the session's token",
    body: ZOpsCodeRequest,
    response: ZOpsSession,
    codes: [ErrorCode.opsCodeWrong, ErrorCode.opsSetupRequired, ErrorCode.opsChallengeExpired],
  },
  opsSignOut: {
    method: 'POST',
    path: '/api/ops/sign-out',
    access: 'anySession',
    tag: 'ops-session',
    summary: 'Ends the session (or the sign-in step)',
    response: ZNull,
  },
  opsMe: {
    method: 'GET',
    path: '/api/ops/me',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-session',
    summary: 'The signed-in operator, and when the second factor was last proven',
    response: ZOpsMe,
  },
  opsStepUp: {
    method: 'POST',
    path: '/api/ops/step-up',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-session',
    summary:
      'Proves the second factor again with an authenticator code (or a passkey: opsStepUpPasskey), for the acts that need it fresh',
    body: ZOpsCodeRequest,
    response: ZOpsStepUp,
    codes: [ErrorCode.opsCodeWrong],
  },
  opsChangePassword: {
    method: 'POST',
    path: '/api/ops/me/password',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-session',
    summary: "Changes the operator's own password; the operator's other sessions end",
    body: ZOpsChangePasswordRequest,
    response: ZNull,
    codes: [ErrorCode.opsPasswordWrong, ...policyErrors],
  },
  opsListOperators: {
    method: 'GET',
    path: '/api/ops/operators',
    access: 'operator',
    roles: ownerOnly,
    tag: 'ops-operators',
    summary: 'Every operator, by username',
    response: ZOpsOperatorList,
  },
  opsCreateOperator: {
    method: 'POST',
    path: '/api/ops/operators',
    access: 'operator',
    roles: ownerOnly,
    tag: 'ops-operators',
    summary: 'Creates an operator; the answer shows its one-time password once',
    body: ZOpsCreateOperatorRequest,
    response: ZOpsCreatedOperator,
    codes: [ErrorCode.opsOperatorExists],
  },
  opsDisableOperator: {
    method: 'POST',
    path: '/api/ops/operators/disable',
    access: 'operator',
    roles: ownerOnly,
    tag: 'ops-operators',
    summary: "Disables an operator (with a reason); the operator's sessions end",
    body: ZOpsOperatorActRequest,
    response: ZOpsOperator,
    codes: [ErrorCode.opsOperatorNotFound, ErrorCode.opsSelfAct],
  },
  opsEnableOperator: {
    method: 'POST',
    path: '/api/ops/operators/enable',
    access: 'operator',
    roles: ownerOnly,
    tag: 'ops-operators',
    summary: 'Enables a disabled operator again (with a reason)',
    body: ZOpsOperatorActRequest,
    response: ZOpsOperator,
    codes: [ErrorCode.opsOperatorNotFound, ErrorCode.opsSelfAct],
  },
  opsReRoleOperator: {
    method: 'POST',
    path: '/api/ops/operators/role',
    access: 'operator',
    roles: ownerOnly,
    tag: 'ops-operators',
    summary: "Gives an operator another role (with a reason); the operator's sessions end",
    body: ZOpsReRoleRequest,
    response: ZOpsOperator,
    codes: [ErrorCode.opsOperatorNotFound, ErrorCode.opsSelfAct],
  },
  ...opsPasskeyRoutes,
  opsResetOperatorSecondFactor: {
    method: 'POST',
    path: '/api/ops/operators/reset-second-factor',
    access: 'operator',
    roles: ownerOnly,
    stepUp: true,
    tag: 'ops-operators',
    summary:
      "Removes an operator's authenticator and passkeys (with a reason; needs a fresh second factor): the operator's sessions end and the next sign-in enrols a second factor again",
    body: ZOpsOperatorActRequest,
    response: ZOpsOperator,
    codes: [ErrorCode.opsOperatorNotFound, ErrorCode.opsSelfAct, ErrorCode.opsStepUpRequired],
  },
  ...opsCatalogueRoutes,
  ...opsDashboardRoutes,
} as const satisfies Record<string, TOpsRouteDef>;

export type TOpsRoutes = typeof opsRoutes;
export type TOpsRouteId = keyof TOpsRoutes;

type TSchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type TSchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
export type TOpsRouteBody<K extends TOpsRouteId> = TSchemaInput<
  TOpsRoutes[K] extends { body: infer B } ? B : undefined
>;
export type TOpsRouteQuery<K extends TOpsRouteId> = TSchemaInput<
  TOpsRoutes[K] extends { query: infer Q } ? Q : undefined
>;
export type TOpsRouteData<K extends TOpsRouteId> = TSchemaOutput<TOpsRoutes[K]['response']>;

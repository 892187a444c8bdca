/**
 * The back office's support of customers' users (issue 40, item 3): users found across accounts,
 * one user's state (account, status, roles, second factors, contacts masked as the customers'
 * console masks them, sign-ins, sessions, invitation), and the acts on a user, each with a reason:
 * unlock a sign-in locked by wrong passwords, end every session, send a pending invitation again,
 * and reset the login protection (the same service as the account administrators' reset of
 * decision 0048; a fresh second factor first).
 */
import { z } from 'zod';
import { ErrorCode } from '../codes';
import { Limits } from '../limits';
import { vkey, ZId, ZTimestamp } from '../schemas/common';
import { ZUserInvitation } from '../schemas/invitation';
import { ZResetUserMfaResult } from '../schemas/users';
import type { TOpsRouteDef } from './routes';
import { OpsRoles, type TOpsRole, ZOpsReason } from './schemas';

/**
 * Where a user stands, first match wins: deleted (in its recovery period), disabled by an
 * administrator, locked after wrong passwords, invited (never signed in, an invitation pending or
 * expired), else active.
 */
export const OpsUserStatuses = ['active', 'locked', 'disabled', 'invited', 'deleted'] as const;
export type TOpsUserStatus = (typeof OpsUserStatuses)[number];

const ZPageNo = z.coerce
  .number()
  .int()
  .min(0)
  .default(1)
  .transform((n) => Math.max(n, 1));
const ZPageSize = z.coerce.number().int().min(1).max(100).default(Limits.pageSizeDefault);

/** A username, e-mail, phone, display name (any part of one) or a user's id. */
export const ZOpsUserSearchQuery = z.object({
  q: z.string(vkey('required')).trim().min(1, vkey('required')).max(100, vkey('tooLong')),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
});
export type TOpsUserSearchQuery = z.input<typeof ZOpsUserSearchQuery>;

export const ZOpsUserAccount = z.object({
  id: ZId,
  /** The account's generated name (the login address uses it). */
  name: z.string(),
  /** What its users type at sign-in. */
  displayName: z.string(),
});

export const ZOpsUserRow = z.object({
  id: ZId,
  username: z.string(),
  displayName: z.string(),
  kind: z.enum(['regular', 'service']),
  account: ZOpsUserAccount,
  status: z.enum(OpsUserStatuses),
  /** Masked as the customers' user list masks them. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phoneCode: z.string(),
  hasAuthenticator: z.boolean(),
  passkeys: z.number().int().min(0),
  lastSignInAt: ZTimestamp.nullable(),
});
export type TOpsUserRow = z.infer<typeof ZOpsUserRow>;

export const ZOpsUserPage = z.object({
  list: z.array(ZOpsUserRow),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TOpsUserPage = z.infer<typeof ZOpsUserPage>;

export const ZOpsUserQuery = z.object({ userId: z.coerce.number().int().positive() });

export const ZOpsUserPasskey = z.object({
  name: z.string(),
  createdAt: ZTimestamp,
  lastUsedAt: ZTimestamp.nullable(),
});

export const ZOpsUserDetail = ZOpsUserRow.omit({ hasAuthenticator: true, passkeys: true }).extend({
  account: ZOpsUserAccount.extend({
    /** The account requires login protection of every user. */
    isMfaRequired: z.boolean(),
  }),
  createdAt: ZTimestamp,
  roles: z.array(z.object({ id: ZId, code: z.string(), name: z.string() })),
  isAdmin: z.boolean(),
  /** Until when wrong passwords lock the sign-in (null: not locked), and the failures counted so far. */
  lockedUntil: ZTimestamp.nullable(),
  failedSignIns: z.number().int().min(0),
  secondFactors: z.object({
    /** Login protection is on, and by which method (GA: authenticator app, PHONE or EMAIL: a code). */
    isEnabled: z.boolean(),
    method: z.enum(['GA', 'PHONE', 'EMAIL']).nullable(),
    hasAuthenticator: z.boolean(),
    passkeys: z.array(ZOpsUserPasskey),
  }),
  lastSignInIp: z.string().nullable(),
  activeSessions: z.number().int().min(0),
  /** The latest invitation not accepted (pending, expired or revoked), with where it went (masked). */
  invitation: ZUserInvitation.extend({ sentTo: z.string() }).nullable(),
});
export type TOpsUserDetail = z.infer<typeof ZOpsUserDetail>;

/** Every act on a user: which user, and why (kept in both audit chains). */
export const ZOpsUserActRequest = z.object({ userId: ZId, reason: ZOpsReason });
export type TOpsUserActRequest = z.input<typeof ZOpsUserActRequest>;

export const ZOpsUnlockResult = z.object({ lockedUntil: ZTimestamp, failedSignIns: z.number().int() });
export const ZOpsEndSessionsResult = z.object({ endedSessions: z.number().int().min(0) });
export const ZOpsResendInvitationResult = ZUserInvitation;
export { ZResetUserMfaResult as ZOpsResetProtectionResult };

const everyRole = OpsRoles;
const supportActs = ['owner', 'support'] as const satisfies readonly TOpsRole[];
const userRefusals = [ErrorCode.opsSupportUserNotFound, ErrorCode.notRegularUser, ErrorCode.userIsDeleted];

export const opsSupportRoutes = {
  opsSupportSearchUsers: {
    method: 'GET',
    path: '/api/ops/support/users',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-support',
    summary:
      'Users of every account whose username, e-mail, phone or display name contains the text, or whose id it is, paged',
    query: ZOpsUserSearchQuery,
    response: ZOpsUserPage,
  },
  opsSupportGetUser: {
    method: 'GET',
    path: '/api/ops/support/users/detail',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-support',
    summary:
      "A user's account, status, roles, second factors, masked contacts, last sign-in, active sessions and pending invitation",
    query: ZOpsUserQuery,
    response: ZOpsUserDetail,
    codes: [ErrorCode.opsSupportUserNotFound],
  },
  opsSupportUnlockUser: {
    method: 'POST',
    path: '/api/ops/support/users/unlock',
    access: 'operator',
    roles: supportActs,
    tag: 'ops-support',
    summary: 'Lifts the sign-in lock that wrong passwords put on a user (with a reason)',
    body: ZOpsUserActRequest,
    response: ZOpsUnlockResult,
    codes: [...userRefusals, ErrorCode.opsSupportNotLocked],
  },
  opsSupportEndSessions: {
    method: 'POST',
    path: '/api/ops/support/users/end-sessions',
    access: 'operator',
    roles: supportActs,
    tag: 'ops-support',
    summary: "Ends every session of a user (with a reason): the user's browsers return to the sign-in",
    body: ZOpsUserActRequest,
    response: ZOpsEndSessionsResult,
    codes: [...userRefusals, ErrorCode.opsSupportNoSessions],
  },
  opsSupportResendInvitation: {
    method: 'POST',
    path: '/api/ops/support/users/resend-invitation',
    access: 'operator',
    roles: supportActs,
    tag: 'ops-support',
    summary:
      "Sends a user's invitation again (with a reason): a new link to the user's current address, the earlier one ends",
    body: ZOpsUserActRequest,
    response: ZOpsResendInvitationResult,
    codes: [
      ...userRefusals,
      ErrorCode.opsSupportNoInvitation,
      ErrorCode.invitationUsed,
      ErrorCode.sendCodeFailed,
      ErrorCode.smsRateLimited,
    ],
  },
  opsSupportResetProtection: {
    method: 'POST',
    path: '/api/ops/support/users/reset-login-protection',
    access: 'operator',
    roles: supportActs,
    stepUp: true,
    tag: 'ops-support',
    summary:
      "Removes a user's authenticator app and every passkey (with a reason; needs a fresh second factor): the user's sessions end, the user is told by e-mail or SMS, and sets up protection again at the next sign-in where the account requires it",
    body: ZOpsUserActRequest,
    response: ZResetUserMfaResult,
    codes: [...userRefusals, ErrorCode.mfaResetNothing, ErrorCode.opsStepUpRequired],
  },
} as const satisfies Record<string, TOpsRouteDef>;

/**
 * The back office's accounts (issue 40, item 2): search, an account's page in one call, its audit
 * log, and the acts on it (suspend and resume, extend a trial, make formal, stop requiring login
 * protection), creating an account and activation codes. Every act carries a reason; acts that
 * suspend an account need a fresh second factor.
 */
import { z } from 'zod';
import { ErrorCode } from '../codes';
import { Limits } from '../limits';
import { Patterns } from '../patterns';
import { ZAuditPage } from '../schemas/audit';
import { vkey, ZId, ZTimestamp } from '../schemas/common';
import type { TOpsRouteDef } from './routes';
import type { TOpsRole } from './schemas';
import { ZOpsReason } from './schemas';

const everyRole = [
  'owner',
  'support',
  'reviewer',
  'finance',
  'auditor',
] as const satisfies readonly TOpsRole[];
const supportActs = ['owner', 'support'] as const satisfies readonly TOpsRole[];

/** Longest text searched for. */
export const opsAccountSearchMax = 100;
/** Most results of one page of the search; the search reads at most `opsAccountSearchPages` pages. */
export const opsAccountSearchPageSize = 20;
export const opsAccountSearchPages = 10;
/** Most days one act adds to a trial. */
export const opsTrialExtendMaxDays = 365;

/** What a search found an account by. */
export const OpsAccountMatches = [
  'id',
  'name',
  'displayName',
  'company',
  'creditCode',
  'phone',
  'email',
  'username',
] as const;
export type TOpsAccountMatch = (typeof OpsAccountMatches)[number];

/** normal, suspended (the spec's status 1 "stopped"), deleted, in arrears (owe), not yet set up (init). */
export const OpsAccountStatuses = ['normal', 'suspended', 'deleted', 'owe', 'init'] as const;
export type TOpsAccountStatus = (typeof OpsAccountStatuses)[number];
export const OpsAccountEditions = ['demo', 'test', 'trial', 'formal'] as const;
export type TOpsAccountEdition = (typeof OpsAccountEditions)[number];
/** none: never submitted; otherwise the latest verification's type and state. */
export const OpsVerificationStates = ['none', 'verifying', 'passed', 'failed'] as const;

export const ZOpsAccountSearchQuery = z.object({
  q: z.string().trim().min(1, vkey('required')).max(opsAccountSearchMax, vkey('invalid')),
  page: z.coerce.number().int().min(1).max(opsAccountSearchPages).default(1),
});

const ZVerification = z.object({
  state: z.enum(OpsVerificationStates),
  type: z.enum(['personal', 'enterprise']).nullable(),
  companyName: z.string().nullable(),
  creditCode: z.string().nullable(),
  manualReview: z.boolean(),
  at: ZTimestamp.nullable(),
});

export const ZOpsAccountSummary = z.object({
  id: ZId,
  name: z.string(),
  displayName: z.string(),
  companyName: z.string().nullable(),
  status: z.enum(OpsAccountStatuses),
  edition: z.enum(OpsAccountEditions),
  /** Days left of the trial (two decimals), null when not on trial. */
  trialDaysLeft: z.number().nullable(),
  verification: z.enum(OpsVerificationStates),
  createdAt: ZTimestamp,
  /** What the text matched, and the matching value (a user's phone, a credit code…). */
  matchedBy: z.enum(OpsAccountMatches),
  matchedValue: z.string(),
});
export type TOpsAccountSummary = z.infer<typeof ZOpsAccountSummary>;

export const ZOpsAccountSearch = z.object({
  list: z.array(ZOpsAccountSummary),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type TOpsAccountSearch = z.infer<typeof ZOpsAccountSearch>;

export const ZOpsAccountIdQuery = z.object({ accountId: z.coerce.number().int().positive() });

const ZMoney = z.object({ fen: z.number().int(), currency: z.enum(['CNY', 'USD']) });

export const ZOpsAccountUser = z.object({
  id: ZId,
  username: z.string(),
  displayName: z.string(),
  kind: z.enum(['regular', 'service']),
  isAdmin: z.boolean(),
  isEnabled: z.boolean(),
  isDeleted: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Login protection: on or off, by which method; the authenticator app bound; passkeys. */
  mfaEnabled: z.boolean(),
  mfaMethod: z.enum(['GA', 'PHONE', 'EMAIL']).nullable(),
  hasAuthenticator: z.boolean(),
  passkeys: z.number().int(),
  lastSignInAt: ZTimestamp.nullable(),
});

export const ZOpsAccountPage = z.object({
  account: z.object({
    id: ZId,
    name: z.string(),
    displayName: z.string(),
    companyName: z.string().nullable(),
    status: z.enum(OpsAccountStatuses),
    edition: z.enum(OpsAccountEditions),
    trialDaysLeft: z.number().nullable(),
    trialEndsAt: ZTimestamp.nullable(),
    trialExtensionDays: z.number().int(),
    formalApplicationSubmitted: z.boolean(),
    mfaRequired: z.boolean(),
    registrationPhone: z.string().nullable(),
    registrationEmail: z.string().nullable(),
    servicesPausedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    loginAddress: z.string(),
  }),
  verification: ZVerification,
  funds: z.object({
    cash: ZMoney,
    arrears: ZMoney,
    arrearsSince: ZTimestamp.nullable(),
    /** What the usable vouchers still hold, and how many there are. */
    vouchers: ZMoney,
    voucherCount: z.number().int(),
  }),
  vouchers: z.array(
    z.object({
      id: ZId,
      code: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      face: ZMoney,
      available: ZMoney,
      expiresAt: ZTimestamp,
      state: z.enum(['usable', 'used', 'expired', 'voided', 'pending']),
    }),
  ),
  instances: z.array(
    z.object({
      id: ZId,
      instanceName: z.string(),
      serviceZh: z.string(),
      serviceEn: z.string(),
      regionZh: z.string(),
      regionEn: z.string(),
      /** closed, opening, opened, openFailed, hidden. */
      status: z.enum(['closed', 'opening', 'opened', 'openFailed', 'hidden']),
      createdAt: ZTimestamp,
    }),
  ),
  users: z.array(ZOpsAccountUser),
  usersTotal: z.number().int(),
  topUps: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(['wechat', 'alipay']),
      amount: ZMoney,
      status: z.enum(['pending', 'paid', 'closed', 'failed']),
      createdAt: ZTimestamp,
      paidAt: ZTimestamp.nullable(),
    }),
  ),
});
export type TOpsAccountPage = z.infer<typeof ZOpsAccountPage>;

export const ZOpsAccountAuditQuery = z.object({
  accountId: z.coerce.number().int().positive(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(100).optional(),
});

export const ZOpsAccountActRequest = z.object({ accountId: ZId, reason: ZOpsReason });
export const ZOpsExtendTrialRequest = z.object({
  accountId: ZId,
  days: z.number().int(vkey('invalid')).min(1, vkey('invalid')).max(opsTrialExtendMaxDays, vkey('invalid')),
  reason: ZOpsReason,
});

/** What an act changed: the account's page facts after it, and how many sessions ended. */
export const ZOpsAccountActResult = z.object({
  status: z.enum(OpsAccountStatuses),
  edition: z.enum(OpsAccountEditions),
  trialDaysLeft: z.number().nullable(),
  mfaRequired: z.boolean(),
  endedSessions: z.number().int(),
  /** The administrators told of a suspension or resumption, and by which channel. */
  notified: z.array(z.object({ username: z.string(), channel: z.enum(['email', 'sms']) })),
});
export type TOpsAccountActResult = z.infer<typeof ZOpsAccountActResult>;

const ZOptionalText = (max: number, pattern: RegExp, key: string) =>
  z
    .string()
    .trim()
    .max(max, vkey(key))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .refine((v) => v === null || v === undefined || pattern.test(v), vkey(key));

export const ZOpsCreateAccountRequest = z
  .object({
    accountName: z
      .string()
      .trim()
      .min(1, vkey('accountNameRequired'))
      .max(Limits.accountNameMax, vkey('accountNameTooLong'))
      .regex(Patterns.accountName, vkey('accountNameLetters')),
    adminUsername: z.string().trim().regex(Patterns.username, vkey('usernameFormat')),
    email: ZOptionalText(254, Patterns.email, 'emailFormat'),
    /** A mainland number (13800000000) or `+<country code> <number>`. */
    phone: ZOptionalText(24, /^(1[3-9]\d{9}|\+?\d{1,4}\s+\d{4,16})$/, 'phoneFormat'),
    isFormal: z.boolean().default(false),
    reason: ZOpsReason,
  })
  .refine((v) => Boolean(v.email || v.phone), { message: 'validation.required', path: ['email'] });

export const ZOpsCreatedAccount = z.object({
  accountId: ZId,
  accountName: z.string(),
  loginAddress: z.string(),
  adminUsername: z.string(),
  /** Shown once; the administrator replaces it at the first sign-in. */
  oneTimePassword: z.string(),
});

export const ZOpsActivationCodeRequest = z.object({
  kind: z.enum(['formal', 'extend'], vkey('invalid')),
  extendDays: z.number().int().min(1, vkey('invalid')).max(3650, vkey('invalid')).optional(),
  validDays: z.number().int().min(1, vkey('invalid')).max(3650, vkey('invalid')).optional(),
  note: z.string().trim().max(200, vkey('invalid')).optional(),
  reason: ZOpsReason,
});
/** The code, shown once (only a fingerprint is audited). */
export const ZOpsActivationCode = z.object({
  code: z.string(),
  kind: z.enum(['formal', 'extend']),
  extendDays: z.number().int(),
  expiresAt: ZTimestamp.nullable(),
});

const accountActCodes = [ErrorCode.opsAccountNotFound, ErrorCode.opsAccountDeleted];

export const opsAccountsRoutes = {
  opsSearchAccounts: {
    method: 'GET',
    path: '/api/ops/accounts',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-accounts',
    summary:
      'Finds accounts by id, account or display name, company, credit code, or a phone, e-mail or username of its users',
    query: ZOpsAccountSearchQuery,
    response: ZOpsAccountSearch,
  },
  opsGetAccount: {
    method: 'GET',
    path: '/api/ops/accounts/page',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-accounts',
    summary:
      "An account's page: status, edition, trial, verification, funds and vouchers, instances, users with their second factors, recent top-ups",
    query: ZOpsAccountIdQuery,
    response: ZOpsAccountPage,
    codes: [ErrorCode.opsAccountNotFound],
  },
  opsAccountAudit: {
    method: 'GET',
    path: '/api/ops/accounts/audit',
    access: 'operator',
    roles: everyRole,
    tag: 'ops-accounts',
    summary: "The account's own audit log, newest first (keyset pages)",
    query: ZOpsAccountAuditQuery,
    response: ZAuditPage,
    codes: [ErrorCode.opsAccountNotFound],
  },
  opsSuspendAccount: {
    method: 'POST',
    path: '/api/ops/accounts/suspend',
    access: 'operator',
    roles: supportActs,
    stepUp: true,
    tag: 'ops-accounts',
    summary:
      'Suspends an account (with a reason; needs a fresh second factor): its sessions end, nobody signs in, its administrators are told',
    body: ZOpsAccountActRequest,
    response: ZOpsAccountActResult,
    codes: [...accountActCodes, ErrorCode.opsAccountSuspended, ErrorCode.opsStepUpRequired],
  },
  opsResumeAccount: {
    method: 'POST',
    path: '/api/ops/accounts/resume',
    access: 'operator',
    roles: supportActs,
    tag: 'ops-accounts',
    summary: 'Resumes a suspended account (with a reason); its administrators are told',
    body: ZOpsAccountActRequest,
    response: ZOpsAccountActResult,
    codes: [...accountActCodes, ErrorCode.opsAccountNotSuspended],
  },
  opsExtendTrial: {
    method: 'POST',
    path: '/api/ops/accounts/extend-trial',
    access: 'operator',
    roles: supportActs,
    tag: 'ops-accounts',
    summary: "Adds days to a trial account's trial (with a reason)",
    body: ZOpsExtendTrialRequest,
    response: ZOpsAccountActResult,
    codes: [...accountActCodes, ErrorCode.opsAccountNotTrial],
  },
  opsMakeFormal: {
    method: 'POST',
    path: '/api/ops/accounts/make-formal',
    access: 'operator',
    roles: supportActs,
    tag: 'ops-accounts',
    summary: 'Turns a trial account formal (with a reason)',
    body: ZOpsAccountActRequest,
    response: ZOpsAccountActResult,
    codes: [...accountActCodes, ErrorCode.opsAccountNotTrial],
  },
  opsStopMfaRequirement: {
    method: 'POST',
    path: '/api/ops/accounts/mfa-requirement-off',
    access: 'operator',
    roles: supportActs,
    tag: 'ops-accounts',
    summary:
      "Stops requiring login protection of an account's users (with a reason), when they cannot complete a second step",
    body: ZOpsAccountActRequest,
    response: ZOpsAccountActResult,
    codes: [...accountActCodes, ErrorCode.opsMfaNotRequired],
  },
  opsCreateAccount: {
    method: 'POST',
    path: '/api/ops/accounts',
    access: 'operator',
    roles: supportActs,
    tag: 'ops-accounts',
    summary:
      "Creates an account with its administrator (what the operator command does); the answer shows the administrator's initial password once",
    body: ZOpsCreateAccountRequest,
    response: ZOpsCreatedAccount,
    codes: [ErrorCode.opsAccountNameTaken, ErrorCode.opsAccountContactTaken],
  },
  opsCreateActivationCode: {
    method: 'POST',
    path: '/api/ops/activation-codes',
    access: 'operator',
    roles: supportActs,
    tag: 'ops-accounts',
    summary:
      'Creates a single-use activation code (turns a trial formal, or extends it); the answer shows it once',
    body: ZOpsActivationCodeRequest,
    response: ZOpsActivationCode,
  },
} as const satisfies Record<string, TOpsRouteDef>;

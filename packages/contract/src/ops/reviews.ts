/**
 * The back office's review queues (issue 40, item 4): enterprise verifications waiting for manual
 * review, reported remittances, and applications for a formal account. Each queue has its count
 * and age; an item is claimed before anyone acts on it, so that two operators never take the same
 * one (a claim lasts `opsReviewClaimMinutes`; another operator's claim answers 4330 naming who
 * holds it). Reviewers (and owners) decide verifications and formal applications; finance (and
 * owners) remittances, whose confirmation moves money (step-up). Every read admits every role.
 */
import { z } from 'zod';
import { EnterpriseResults } from '../certification-rules';
import { ErrorCode } from '../codes';
import {
  FormalDeclineReasons,
  RemittanceRejectReasons,
  reviewNoteMax,
  VerificationRejectReasons,
} from '../review-reasons';
import { vkey, ZId, ZNull, ZTimestamp } from '../schemas/common';
import type { TOpsRouteDef } from './routes';
import { OpsRoles, type TOpsRole } from './schemas';

export {
  FormalDeclineReasons,
  RemittanceRejectReasons,
  reviewNoteMax,
  VerificationRejectReasons,
} from '../review-reasons';

/** A claim keeps the item for its operator this long (claiming again renews it). */
export const opsReviewClaimMinutes = 30;

export const OpsReviewKinds = ['verification', 'remittance', 'formal'] as const;
export const ZOpsReviewKind = z.enum(OpsReviewKinds, vkey('invalid'));
export type TOpsReviewKind = z.infer<typeof ZOpsReviewKind>;

const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/);
const ZQueryId = z.coerce.number(vkey('invalid')).int(vkey('invalid')).positive(vkey('invalid'));
export const ZOpsReviewItemQuery = z.object({ id: ZQueryId });
export const ZOpsReviewListQuery = z.object({ kind: ZOpsReviewKind });
export const ZOpsReviewItemRequest = z.object({ id: ZId });

const ZNote = z.string().trim().max(reviewNoteMax, vkey('invalid'));

/** A refusal: a reason from the kind's list, and the operator's words (required with `other`). */
function refusal<T extends readonly [string, ...string[]]>(reasons: T) {
  return z
    .object({ id: ZId, reasonCode: z.enum(reasons, vkey('required')), note: ZNote.default('') })
    .refine((r) => r.reasonCode !== 'other' || r.note.length > 0, {
      path: ['note'],
      ...vkey('required'),
    });
}
export const ZOpsVerificationRejectRequest = refusal(VerificationRejectReasons);
export const ZOpsRemittanceRejectRequest = refusal(RemittanceRejectReasons);
export const ZOpsFormalDeclineRequest = refusal(FormalDeclineReasons);
export type TOpsVerificationRejectRequest = z.input<typeof ZOpsVerificationRejectRequest>;
export type TOpsRemittanceRejectRequest = z.input<typeof ZOpsRemittanceRejectRequest>;
export type TOpsFormalDeclineRequest = z.input<typeof ZOpsFormalDeclineRequest>;

export const ZOpsReviewClaim = z.object({
  kind: ZOpsReviewKind,
  itemId: ZId,
  operatorId: ZId,
  operatorName: z.string(),
  claimedAt: ZTimestamp,
  expiresAt: ZTimestamp,
  /** Whether the caller holds it. */
  isMine: z.boolean(),
});
export type TOpsReviewClaim = z.infer<typeof ZOpsReviewClaim>;

export const ZOpsReviewQueue = z.object({
  kind: ZOpsReviewKind,
  /** Items waiting for an operator. */
  count: z.number().int().min(0),
  /** Of those, claimed by an operator now. */
  claimed: z.number().int().min(0),
  /** When the oldest waiting item was submitted, and its age in seconds. */
  oldestAt: ZTimestamp.nullable(),
  oldestAgeSeconds: z.number().int().min(0).nullable(),
});
export const ZOpsReviewSummary = z.object({
  queues: z.array(ZOpsReviewQueue),
  claimMinutes: z.number().int(),
});
export type TOpsReviewSummary = z.infer<typeof ZOpsReviewSummary>;

export const ZOpsReviewListItem = z.object({
  kind: ZOpsReviewKind,
  id: ZId,
  accountId: ZId,
  accountName: z.string(),
  /** What the item is about: the company, the payer, the applying company. */
  title: z.string(),
  /** Remittances: the reported amount (yuan, 2 decimals). */
  amount: ZMoney.nullable(),
  submittedAt: ZTimestamp,
  ageSeconds: z.number().int().min(0),
  claim: ZOpsReviewClaim.nullable(),
});
export const ZOpsReviewList = z.object({ kind: ZOpsReviewKind, list: z.array(ZOpsReviewListItem) });
export type TOpsReviewList = z.infer<typeof ZOpsReviewList>;
export type TOpsReviewListItem = z.infer<typeof ZOpsReviewListItem>;

/** The uploaded file of an item (licence, slip): streamed by its own route, never the customers'. */
export const ZOpsReviewFile = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
});
export type TOpsReviewFile = z.infer<typeof ZOpsReviewFile>;

const ZAccountRef = z.object({ id: ZId, name: z.string(), displayName: z.string() });

export const ZOpsVerificationReview = z.object({
  id: ZId,
  status: z.enum(['verifying', 'passed', 'failed']),
  account: ZAccountRef,
  /** The form's fields (personal data masked as the customer's answers mask it). */
  form: z.object({
    companyName: z.string().nullable(),
    creditCode: z.string().nullable(),
    legalPersonName: z.string().nullable(),
    legalPersonIdMasked: z.string().nullable(),
    bankName: z.string().nullable(),
    bankAccountMasked: z.string().nullable(),
  }),
  /** The provider's outcome: its result (null: it asked for a manual review) and its reference. */
  provider: z.object({
    result: z.enum(EnterpriseResults).nullable(),
    isManualReview: z.boolean(),
    reference: z.string().nullable(),
  }),
  licence: ZOpsReviewFile.nullable(),
  submittedAt: ZTimestamp,
  ageSeconds: z.number().int().min(0),
  decision: z
    .object({
      reasonCode: z.enum(VerificationRejectReasons).nullable(),
      note: z.string().nullable(),
      decidedAt: ZTimestamp.nullable(),
    })
    .nullable(),
  claim: ZOpsReviewClaim.nullable(),
});
export type TOpsVerificationReview = z.infer<typeof ZOpsVerificationReview>;

export const ZOpsRemittanceReview = z.object({
  id: ZId,
  status: z.enum(['pending', 'confirmed', 'rejected']),
  account: ZAccountRef,
  /** The reported amount (yuan, 2 decimals) and its currency. */
  amount: ZMoney,
  currency: z.string(),
  payerName: z.string(),
  payerAccount: z.string().nullable(),
  /** The remark the transfer should carry to name the account (the reference to look for). */
  expectedRemark: z.string(),
  /** The platform's receiving bank account, as the customer was shown it. */
  receivingBank: z
    .object({ accountName: z.string(), bankName: z.string(), bankAccount: z.string() })
    .nullable(),
  slip: ZOpsReviewFile,
  submittedAt: ZTimestamp,
  ageSeconds: z.number().int().min(0),
  reviewedAt: ZTimestamp.nullable(),
  reviewReason: z.enum(RemittanceRejectReasons).nullable(),
  reviewNote: z.string().nullable(),
  /** The credit's transaction number, once confirmed. */
  serialNo: z.string().nullable(),
  claim: ZOpsReviewClaim.nullable(),
});
export type TOpsRemittanceReview = z.infer<typeof ZOpsRemittanceReview>;

export const ZOpsFormalReview = z.object({
  id: ZId,
  status: z.enum(['submitted', 'approved', 'declined']),
  /** The application's form. */
  form: z.object({
    contactName: z.string(),
    company: z.string(),
    email: z.string(),
    openServices: z.array(z.number().int()),
  }),
  /** The account's facts beside the form. */
  account: ZAccountRef.extend({
    /** 0 demo, 1 test, 2 trial, 3 formal. */
    type: z.number().int(),
    status: z.number().int(),
    companyName: z.string().nullable(),
    createdAt: ZTimestamp,
    trialDaysLeft: z.number().int().nullable(),
    users: z.number().int().min(0),
    /** The latest real-name verification: its kind and state, or null when none. */
    verification: z
      .object({ type: z.enum(['personal', 'enterprise']), status: z.enum(['verifying', 'passed', 'failed']) })
      .nullable(),
  }),
  submittedAt: ZTimestamp,
  ageSeconds: z.number().int().min(0),
  reasonCode: z.enum(FormalDeclineReasons).nullable(),
  reasonNote: z.string().nullable(),
  decidedAt: ZTimestamp.nullable(),
  claim: ZOpsReviewClaim.nullable(),
});
export type TOpsFormalReview = z.infer<typeof ZOpsFormalReview>;

/** An act's outcome: the item's state now; `isReplay` when it was decided so before (nothing changed). */
export const ZOpsReviewOutcome = z.object({
  kind: ZOpsReviewKind,
  id: ZId,
  status: z.string(),
  isReplay: z.boolean(),
  /** A confirmed remittance: the credit's transaction number. */
  serialNo: z.string().nullable(),
  /** Whether the customer was told (e-mail or SMS), and by which channel. */
  notice: z.object({ isSent: z.boolean(), channel: z.enum(['email', 'sms']).nullable() }),
});
export type TOpsReviewOutcome = z.infer<typeof ZOpsReviewOutcome>;

const everyRole = OpsRoles;
const reviewers = ['owner', 'reviewer'] as const satisfies readonly TOpsRole[];
const finance = ['owner', 'finance'] as const satisfies readonly TOpsRole[];
const claimCodes = [ErrorCode.opsReviewClaimedByOther, ErrorCode.opsReviewItemNotFound];
const actCodes = [
  ErrorCode.opsReviewClaimRequired,
  ErrorCode.opsReviewClaimedByOther,
  ErrorCode.opsReviewItemNotFound,
  ErrorCode.opsReviewItemDecided,
];
const base = '/api/ops/reviews';

export const opsReviewsRoutes = {
  opsReviewSummary: {
    method: 'GET',
    path: `${base}/summary`,
    access: 'operator',
    roles: everyRole,
    tag: 'ops-reviews',
    summary: 'The three review queues: how many items wait, how many are claimed, the oldest one’s age',
    response: ZOpsReviewSummary,
  },
  opsReviewList: {
    method: 'GET',
    path: `${base}/list`,
    access: 'operator',
    roles: everyRole,
    tag: 'ops-reviews',
    summary: "A queue's waiting items, oldest first, each with its age and its claim",
    query: ZOpsReviewListQuery,
    response: ZOpsReviewList,
  },
  opsVerificationReview: {
    method: 'GET',
    path: `${base}/verifications/item`,
    access: 'operator',
    roles: everyRole,
    tag: 'ops-reviews',
    summary: "An enterprise verification: the form's fields, the provider's outcome, the licence, the claim",
    query: ZOpsReviewItemQuery,
    response: ZOpsVerificationReview,
    codes: [ErrorCode.opsReviewItemNotFound],
  },
  opsVerificationLicence: {
    method: 'GET',
    path: `${base}/verifications/licence`,
    access: 'operator',
    roles: everyRole,
    tag: 'ops-reviews',
    summary: "The verification's business licence file (image/* or application/pdf), streamed",
    query: ZOpsReviewItemQuery,
    response: ZNull,
    codes: [ErrorCode.opsReviewItemNotFound],
  },
  opsVerificationClaim: {
    method: 'POST',
    path: `${base}/verifications/claim`,
    access: 'operator',
    roles: reviewers,
    tag: 'ops-reviews',
    summary: 'Claims a verification waiting for review (or renews the caller’s claim)',
    body: ZOpsReviewItemRequest,
    response: ZOpsReviewClaim,
    codes: claimCodes,
  },
  opsVerificationRelease: {
    method: 'POST',
    path: `${base}/verifications/release`,
    access: 'operator',
    roles: reviewers,
    tag: 'ops-reviews',
    summary: 'Releases the caller’s claim of a verification',
    body: ZOpsReviewItemRequest,
    response: ZNull,
    codes: [ErrorCode.opsReviewClaimRequired],
  },
  opsVerificationApprove: {
    method: 'POST',
    path: `${base}/verifications/approve`,
    access: 'operator',
    roles: reviewers,
    tag: 'ops-reviews',
    summary:
      'Approves a claimed verification: it passes, a trial account becomes formal, the customer is told',
    body: ZOpsReviewItemRequest,
    response: ZOpsReviewOutcome,
    codes: actCodes,
  },
  opsVerificationReject: {
    method: 'POST',
    path: `${base}/verifications/reject`,
    access: 'operator',
    roles: reviewers,
    tag: 'ops-reviews',
    summary:
      'Rejects a claimed verification with a reason from the list and the operator’s words; the customer is told',
    body: ZOpsVerificationRejectRequest,
    response: ZOpsReviewOutcome,
    codes: actCodes,
  },
  opsRemittanceReview: {
    method: 'GET',
    path: `${base}/remittances/item`,
    access: 'operator',
    roles: everyRole,
    tag: 'ops-reviews',
    summary: 'A remittance: the reported amount, payer, reference, the slip and the claim',
    query: ZOpsReviewItemQuery,
    response: ZOpsRemittanceReview,
    codes: [ErrorCode.opsReviewItemNotFound],
  },
  opsRemittanceSlip: {
    method: 'GET',
    path: `${base}/remittances/slip`,
    access: 'operator',
    roles: everyRole,
    tag: 'ops-reviews',
    summary: "The remittance's slip (image/* or application/pdf), streamed",
    query: ZOpsReviewItemQuery,
    response: ZNull,
    codes: [ErrorCode.opsReviewItemNotFound],
  },
  opsRemittanceClaim: {
    method: 'POST',
    path: `${base}/remittances/claim`,
    access: 'operator',
    roles: finance,
    tag: 'ops-reviews',
    summary: 'Claims a pending remittance (or renews the caller’s claim)',
    body: ZOpsReviewItemRequest,
    response: ZOpsReviewClaim,
    codes: claimCodes,
  },
  opsRemittanceRelease: {
    method: 'POST',
    path: `${base}/remittances/release`,
    access: 'operator',
    roles: finance,
    tag: 'ops-reviews',
    summary: 'Releases the caller’s claim of a remittance',
    body: ZOpsReviewItemRequest,
    response: ZNull,
    codes: [ErrorCode.opsReviewClaimRequired],
  },
  opsRemittanceConfirm: {
    method: 'POST',
    path: `${base}/remittances/confirm`,
    access: 'operator',
    roles: finance,
    stepUp: true,
    tag: 'ops-reviews',
    summary:
      'Confirms a claimed remittance: the account is credited exactly once (a retry answers the same outcome); needs a fresh second factor',
    body: ZOpsReviewItemRequest,
    response: ZOpsReviewOutcome,
    codes: [...actCodes, ErrorCode.opsStepUpRequired],
  },
  opsRemittanceReject: {
    method: 'POST',
    path: `${base}/remittances/reject`,
    access: 'operator',
    roles: finance,
    tag: 'ops-reviews',
    summary:
      'Rejects a claimed remittance with a reason from the list and the operator’s words; the customer is told',
    body: ZOpsRemittanceRejectRequest,
    response: ZOpsReviewOutcome,
    codes: actCodes,
  },
  opsFormalReview: {
    method: 'GET',
    path: `${base}/formal/item`,
    access: 'operator',
    roles: everyRole,
    tag: 'ops-reviews',
    summary: "An application for a formal account: the form beside the account's facts, and the claim",
    query: ZOpsReviewItemQuery,
    response: ZOpsFormalReview,
    codes: [ErrorCode.opsReviewItemNotFound],
  },
  opsFormalClaim: {
    method: 'POST',
    path: `${base}/formal/claim`,
    access: 'operator',
    roles: reviewers,
    tag: 'ops-reviews',
    summary: 'Claims an application for a formal account (or renews the caller’s claim)',
    body: ZOpsReviewItemRequest,
    response: ZOpsReviewClaim,
    codes: claimCodes,
  },
  opsFormalRelease: {
    method: 'POST',
    path: `${base}/formal/release`,
    access: 'operator',
    roles: reviewers,
    tag: 'ops-reviews',
    summary: 'Releases the caller’s claim of an application',
    body: ZOpsReviewItemRequest,
    response: ZNull,
    codes: [ErrorCode.opsReviewClaimRequired],
  },
  opsFormalApprove: {
    method: 'POST',
    path: `${base}/formal/approve`,
    access: 'operator',
    roles: reviewers,
    tag: 'ops-reviews',
    summary: 'Makes the applying account formal; the customer is told',
    body: ZOpsReviewItemRequest,
    response: ZOpsReviewOutcome,
    codes: actCodes,
  },
  opsFormalDecline: {
    method: 'POST',
    path: `${base}/formal/decline`,
    access: 'operator',
    roles: reviewers,
    tag: 'ops-reviews',
    summary:
      'Declines an application with a reason from the list and the operator’s words; the customer is told',
    body: ZOpsFormalDeclineRequest,
    response: ZOpsReviewOutcome,
    codes: actCodes,
  },
} as const satisfies Record<string, TOpsRouteDef>;

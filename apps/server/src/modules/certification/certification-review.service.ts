/**
 * An operator's decisions on enterprise verifications waiting for manual review (the
 * `certification` command and the back office's review queue): the list, approval (a pass) and
 * rejection with a reason (the operator's words, and in the back office a reason chosen from the
 * list). The decision runs inside the caller's transaction (`decideCertificationIn`) so that the
 * back office checks its claim and writes its own audit entry in the same one.
 */
import type { TVerificationRejectReason } from '@console/contract/review-reasons';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import {
  countManualReviewsPending,
  findCertification,
  latestCertification,
  listCertifications,
  type TCertificationListRow,
  type TCertificationRow,
  updateCertification,
} from './certification.repository';
import { applyPass, audit, type TActor } from './certification.service';

export type { TCertificationListRow, TCertificationRow } from './certification.repository';

/** Every account's verifications (newest first), or those waiting for manual review. */
export function listForReview(deps: TDeps, isPendingOnly: boolean): Promise<TCertificationListRow[]> {
  return listCertifications(deps.db, isPendingOnly);
}

/** One verification (any account's: the back office reads it), optionally locked for the transaction. */
export function findForReview(db: TDb, id: number, forUpdate = false): Promise<TCertificationRow | null> {
  return findCertification(db, id, forUpdate);
}

/** The account's latest verification: its kind and state, or null. */
export async function latestVerificationOf(
  db: TDb,
  accountId: number,
): Promise<Pick<TCertificationRow, 'type' | 'status'> | null> {
  const row = await latestCertification(db, accountId);
  return row ? { type: row.type, status: row.status } : null;
}

export type TReviewOutcome = { certification: TCertificationRow | null; isDone: boolean };

export type TReviewDecision =
  | { approve: true }
  | { approve: false; reason: string | null; reasonCode?: TVerificationRejectReason | null };

/**
 * Writes the decision's own audit entry; the default (the command) writes the account's entry with
 * the operator as an unnamed actor, the back office its operator's entries instead.
 */
export type TReviewAuditor = (
  tx: TDb,
  updated: TCertificationRow,
  decision: TReviewDecision,
) => Promise<void>;

function commandAuditor(now: Date): TReviewAuditor {
  return (tx, updated, decision) =>
    audit(
      tx,
      systemActor(updated.accountId),
      decision.approve ? 'certification.approve' : 'certification.reject',
      updated,
      decision.approve,
      decision.approve ? {} : { reason: decision.reason },
      now,
    );
}

function systemActor(accountId: number): TActor {
  return { accountId, userId: null, username: null, ip: null, requestId: null };
}

/**
 * The decision inside the caller's transaction: a verification waiting for manual review passes
 * (a trial account becomes formal) or fails with the reason; anything else is left as it is
 * (`isDone` false).
 */
export async function decideCertificationIn(
  tx: TDb,
  id: number,
  decision: TReviewDecision,
  now: Date,
  auditor: TReviewAuditor = commandAuditor(now),
): Promise<TReviewOutcome> {
  const row = await findCertification(tx, id, true);
  if (row?.status !== 'verifying' || !row.manualReview) return { certification: row, isDone: false };
  const updated = await updateCertification(tx, id, {
    status: decision.approve ? 'passed' : 'failed',
    result: decision.approve ? 'CONSISTENT' : row.result,
    reason: decision.approve ? null : decision.reason,
    reasonCode: decision.approve ? null : (decision.reasonCode ?? null),
    decidedBy: 'operator',
    decidedAt: now,
    updatedAt: now,
  });
  await auditor(tx, updated, decision);
  if (decision.approve) await applyPass(tx, systemActor(row.accountId), updated, now);
  return { certification: updated, isDone: true };
}

/** An operator's decision on a verification waiting for manual review (the command). */
export async function reviewCertification(
  deps: TDeps,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<TReviewOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => decideCertificationIn(tx, id, decision, now));
}

/** How many verifications wait for an operator's manual review (the back office's dashboard). */
export function countPendingReviews(deps: TDeps): Promise<number> {
  return countManualReviewsPending(deps.db);
}

/**
 * An operator's decisions on enterprise verifications waiting for manual review (the
 * `certification` command): the list, approval (a pass) and rejection with a reason.
 */
import type { TDeps } from '../../context';
import {
  countManualReviewsPending,
  findCertification,
  listCertifications,
  type TCertificationListRow,
  type TCertificationRow,
  updateCertification,
} from './certification.repository';
import { applyPass, audit, type TActor } from './certification.service';

/** Every account's verifications (newest first), or those waiting for manual review. */
export function listForReview(deps: TDeps, isPendingOnly: boolean): Promise<TCertificationListRow[]> {
  return listCertifications(deps.db, isPendingOnly);
}

export type TReviewOutcome = { certification: TCertificationRow | null; isDone: boolean };

/** An operator's decision on a verification waiting for manual review. */
export async function reviewCertification(
  deps: TDeps,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<TReviewOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await findCertification(tx, id, true);
    if (row?.status !== 'verifying' || !row.manualReview) return { certification: row, isDone: false };
    const updated = await updateCertification(tx, id, {
      status: decision.approve ? 'passed' : 'failed',
      result: decision.approve ? 'CONSISTENT' : row.result,
      reason: decision.approve ? null : decision.reason,
      decidedBy: 'operator',
      decidedAt: now,
      updatedAt: now,
    });
    const actor: TActor = {
      accountId: row.accountId,
      userId: null,
      username: null,
      ip: null,
      requestId: null,
    };
    await audit(
      tx,
      actor,
      decision.approve ? 'certification.approve' : 'certification.reject',
      updated,
      decision.approve,
      decision.approve ? {} : { reason: decision.reason },
      now,
    );
    if (decision.approve) await applyPass(tx, actor, updated, now);
    return { certification: updated, isDone: true };
  });
}

/** How many verifications wait for an operator's manual review (the back office's dashboard). */
export function countPendingReviews(deps: TDeps): Promise<number> {
  return countManualReviewsPending(deps.db);
}

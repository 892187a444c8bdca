/**
 * The review queues' acts: approve or reject an enterprise verification, confirm or reject a
 * remittance, approve (make formal) or decline an application for a formal account. Each act runs
 * in one transaction that locks the item's claim, answers an item already decided the same way as
 * the same outcome again (a retry changes nothing: a remittance is credited exactly once), refuses
 * an item decided otherwise (4333), needs the caller's own live claim (4330, 4331), calls the
 * owning module's decision, writes the operator's audit entries (the installation's chain and the
 * account's own) and ends the claim. The customer is told after the commit.
 */
import { fenToYuan } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import type {
  TOpsFormalDeclineRequest,
  TOpsRemittanceRejectRequest,
  TOpsReviewKind,
  TOpsReviewOutcome,
  TOpsVerificationRejectRequest,
} from '@console/contract/ops';
import type {
  TFormalDeclineReason,
  TRemittanceRejectReason,
  TVerificationRejectReason,
} from '@console/contract/review-reasons';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { decideFormalApplicationIn, findFormalApplication } from '../account';
import {
  confirmRemittanceIn,
  findRemittanceForReview,
  rejectRemittanceIn,
  remittanceCreditSerial,
  type TRemittanceAuditor,
} from '../billing';
import { decideCertificationIn, findForReview, type TReviewAuditor } from '../certification';
import { auditOperatorAccountAct, type TOpsActor } from '../operator';
import { endClaim, lockClaim, requireOwnClaim } from './ops-reviews-claims.service';
import { type TReviewNotice, tellCustomer } from './ops-reviews-notice';

type TActContext = { deps: TDeps; actor: TOpsActor; meta: TRequestMeta; log: FastifyBaseLogger };

/** What one act's transaction answers: a replay (decided so before), or the change and its notice. */
type TDone = { status: string; serialNo: string | null; notice: TReviewNotice | null };

/**
 * The frame of every act: in one transaction, the claim locked; `current` tells the item's state
 * ('waiting', 'same' when decided as asked, 'other' when decided otherwise, 'missing');
 * `act` decides it. After the commit, the customer is told.
 */
async function runAct(
  ctx: TActContext,
  kind: TOpsReviewKind,
  id: number,
  current: (tx: TDb) => Promise<{ state: 'waiting' | 'same' | 'other' | 'missing'; status: string }>,
  act: (tx: TDb, now: Date) => Promise<TDone>,
  replaySerial?: () => Promise<string | null>,
): Promise<TOpsReviewOutcome> {
  const now = ctx.deps.clock.now();
  const done = await ctx.deps.db.transaction(async (tx) => {
    const claim = await lockClaim(tx, kind, id);
    const item = await current(tx);
    if (item.state === 'missing') throw new AppError(ErrorCode.opsReviewItemNotFound);
    if (item.state === 'other') throw new AppError(ErrorCode.opsReviewItemDecided);
    if (item.state === 'same') return { replay: true as const, status: item.status };
    requireOwnClaim(claim, ctx.actor, now);
    const result = await act(tx, now);
    await endClaim(tx, kind, id);
    return { replay: false as const, ...result };
  });
  if (done.replay) {
    return {
      kind,
      id,
      status: done.status,
      isReplay: true,
      serialNo: replaySerial ? await replaySerial() : null,
      notice: { isSent: false, channel: null },
    };
  }
  const notice = done.notice
    ? await tellCustomer(ctx.deps, done.notice, ctx.log)
    : { isSent: false, channel: null };
  return { kind, id, status: done.status, isReplay: false, serialNo: done.serialNo, notice };
}

// ---- enterprise verifications ----------------------------------------------------------------

function verificationAuditor(ctx: TActContext, now: Date): TReviewAuditor {
  return (tx, updated, decision) =>
    auditOperatorAccountAct(tx, {
      actor: ctx.actor,
      accountId: updated.accountId,
      action: decision.approve ? 'certification.approve' : 'certification.reject',
      objectType: 'certification',
      objectId: String(updated.id),
      objectName: updated.companyName,
      reason: decision.approve ? null : reasonOf(decision.reasonCode ?? null, decision.reason),
      info: {
        type: updated.type,
        status: updated.status,
        ...(decision.approve ? {} : { reasonCode: decision.reasonCode ?? null }),
      },
      meta: ctx.meta,
      at: now,
    });
}

/** The audit's reason: the chosen code and the operator's words. */
function reasonOf(code: string | null, note: string | null): string | null {
  return [code, note].filter(Boolean).join(': ') || null;
}

export function decideVerification(
  ctx: TActContext,
  id: number,
  decision: { approve: true } | { approve: false; reasonCode: TVerificationRejectReason; note: string },
): Promise<TOpsReviewOutcome> {
  return runAct(
    ctx,
    'verification',
    id,
    async (tx) => {
      const row = await findForReview(tx, id);
      if (row?.type !== 'enterprise' || !row.manualReview) return { state: 'missing', status: '' };
      if (row.status === 'verifying') return { state: 'waiting', status: row.status };
      const isSame = decision.approve ? row.status === 'passed' : row.status === 'failed';
      return { state: isSame ? 'same' : 'other', status: row.status };
    },
    async (tx, now) => {
      const outcome = await decideCertificationIn(
        tx,
        id,
        decision.approve
          ? { approve: true }
          : { approve: false, reason: decision.note || null, reasonCode: decision.reasonCode },
        now,
        verificationAuditor(ctx, now),
      );
      const row = outcome.certification;
      if (!outcome.isDone || !row) throw new AppError(ErrorCode.opsReviewItemDecided);
      return {
        status: row.status,
        serialNo: null,
        notice: {
          kind: 'verification',
          accountId: row.accountId,
          userId: row.userId,
          outcome: decision.approve ? 'approved' : 'refused',
          reasonCode: decision.approve ? null : decision.reasonCode,
          note: decision.approve ? null : decision.note || null,
        },
      };
    },
  );
}

export const approveVerification = (ctx: TActContext, id: number) =>
  decideVerification(ctx, id, { approve: true });
export const rejectVerification = (ctx: TActContext, body: TOpsVerificationRejectRequest) =>
  decideVerification(ctx, body.id, {
    approve: false,
    reasonCode: body.reasonCode,
    note: (body.note ?? '').trim(),
  });

// ---- remittances -----------------------------------------------------------------------------

function remittanceAuditor(ctx: TActContext, now: Date): TRemittanceAuditor {
  return (tx, action, reviewed) =>
    auditOperatorAccountAct(tx, {
      actor: ctx.actor,
      accountId: reviewed.accountId,
      action,
      objectType: 'remittance',
      objectId: String(reviewed.id),
      objectName: null,
      reason: action === 'remittance.reject' ? reasonOf(reviewed.reason, reviewed.note) : null,
      info: {
        amount: fenToYuan(reviewed.amountFen),
        ...(action === 'remittance.confirm'
          ? { serialNo: reviewed.serialNo }
          : { reasonCode: reviewed.reason }),
      },
      meta: ctx.meta,
      at: now,
    });
}

function decideRemittance(
  ctx: TActContext,
  id: number,
  decision: { confirm: true } | { confirm: false; reasonCode: TRemittanceRejectReason; note: string },
): Promise<TOpsReviewOutcome> {
  const target = decision.confirm ? 'confirmed' : 'rejected';
  return runAct(
    ctx,
    'remittance',
    id,
    async (tx) => {
      const row = await findRemittanceForReview(tx, id);
      if (!row) return { state: 'missing', status: '' };
      if (row.status === 'pending') return { state: 'waiting', status: row.status };
      return { state: row.status === target ? 'same' : 'other', status: row.status };
    },
    async (tx, now) => {
      const reviewed = decision.confirm
        ? await confirmRemittanceIn(tx, id, now, remittanceAuditor(ctx, now))
        : await rejectRemittanceIn(
            tx,
            id,
            { note: decision.note || null, reason: decision.reasonCode },
            now,
            remittanceAuditor(ctx, now),
          );
      if (!reviewed) throw new AppError(ErrorCode.opsReviewItemDecided);
      const row = await findRemittanceForReview(tx, id);
      return {
        status: target,
        serialNo: reviewed.serialNo,
        notice: {
          kind: 'remittance',
          accountId: reviewed.accountId,
          userId: row?.userId ?? null,
          outcome: decision.confirm ? 'confirmed' : 'refused',
          reasonCode: decision.confirm ? null : decision.reasonCode,
          note: decision.confirm ? null : decision.note || null,
          amount: fenToYuan(reviewed.amountFen),
        },
      };
    },
    decision.confirm ? () => remittanceCreditSerial(ctx.deps.db, id) : undefined,
  );
}

export const confirmRemittance = (ctx: TActContext, id: number) =>
  decideRemittance(ctx, id, { confirm: true });
export const rejectRemittance = (ctx: TActContext, body: TOpsRemittanceRejectRequest) =>
  decideRemittance(ctx, body.id, {
    confirm: false,
    reasonCode: body.reasonCode,
    note: (body.note ?? '').trim(),
  });

// ---- applications for a formal account --------------------------------------------------------

function decideFormal(
  ctx: TActContext,
  id: number,
  decision: { approve: true } | { approve: false; reasonCode: TFormalDeclineReason; note: string },
): Promise<TOpsReviewOutcome> {
  const target = decision.approve ? 'approved' : 'declined';
  return runAct(
    ctx,
    'formal',
    id,
    async (tx) => {
      const row = await findFormalApplication(tx, id);
      if (!row) return { state: 'missing', status: '' };
      if (row.status === 'submitted') return { state: 'waiting', status: row.status };
      return { state: row.status === target ? 'same' : 'other', status: row.status };
    },
    async (tx, now) => {
      const decided = await decideFormalApplicationIn(
        tx,
        id,
        decision.approve
          ? { approve: true }
          : { approve: false, reasonCode: decision.reasonCode, note: decision.note || null },
        now,
      );
      if (!decided) throw new AppError(ErrorCode.opsReviewItemDecided);
      const { application, account } = decided;
      await auditOperatorAccountAct(tx, {
        actor: ctx.actor,
        accountId: application.accountId,
        action: decision.approve ? 'account.formalApprove' : 'account.formalDecline',
        objectType: 'account',
        objectId: String(application.accountId),
        objectName: account.displayName,
        reason: decision.approve ? null : reasonOf(decision.reasonCode, decision.note || null),
        info: {
          applicationId: application.id,
          wasFormal: decided.wasFormal,
          ...(decision.approve ? {} : { reasonCode: decision.reasonCode }),
        },
        meta: ctx.meta,
        at: now,
      });
      return {
        status: target,
        serialNo: null,
        notice: {
          kind: 'formal',
          accountId: application.accountId,
          userId: application.userId,
          outcome: decision.approve ? 'approved' : 'refused',
          reasonCode: decision.approve ? null : decision.reasonCode,
          note: decision.approve ? null : decision.note || null,
        },
      };
    },
  );
}

export const approveFormal = (ctx: TActContext, id: number) => decideFormal(ctx, id, { approve: true });
export const declineFormal = (ctx: TActContext, body: TOpsFormalDeclineRequest) =>
  decideFormal(ctx, body.id, { approve: false, reasonCode: body.reasonCode, note: (body.note ?? '').trim() });

/**
 * Manual adjustments of an account's cash by the back office's finance operators (issue 40 item
 * 5). A credit or a debit with a reason: up to `OPS_ADJUSTMENT_APPROVAL_FEN` it is applied when
 * made; above, it waits until a second finance operator (an owner counts as one; never the
 * requester) approves it, or rejects it with a reason.
 *
 * The money moves exactly once: approving starts with a conditional UPDATE of the pending row, so
 * of concurrent or repeated approvals one changes it and moves the money in the same transaction;
 * the others find it decided (4367). A credit goes through the billing module's `creditCash` as a
 * top-up does (it pays arrears first: decision 0037); a debit takes at most the cash there is
 * (4369: it never makes arrears). The customer sees a cash-account movement of the platform with
 * the reason as its remark; every step is audited in both chains.
 */
import { fenToYuan } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import type { TOpsAdjustment, TOpsAdjustmentStatus, TOpsRole } from '@console/contract/ops';
import type { TDeps, TOpsAuth, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { findAccountById, findAccountByName } from '../account';
import { creditCash, currencyOf, debitCash } from '../billing';
import { actorOf, auditOperatorAccountAct } from '../operator';
import {
  countAdjustments,
  decidePendingAdjustment,
  findAdjustment,
  insertAdjustment,
  listAdjustmentRows,
  recordAdjustmentMovement,
  type TAdjustmentRow,
} from './ops-finance.repository';

/** The cash movement's reference: the adjustment it belongs to. */
const referenceOf = (id: number) => `ADJ${id}`;

/** Moves the money of an adjustment being applied, in the caller's transaction. */
async function moveMoney(tx: TDb, adjustment: TAdjustmentRow, now: Date) {
  const common = {
    accountId: adjustment.accountId,
    amountFen: adjustment.amountFen,
    reference: referenceOf(adjustment.id),
    remark: adjustment.reason,
    now,
  };
  const funds =
    adjustment.direction === 'credit'
      ? await creditCash(tx, { ...common, type: 'cash', channel: 'operator' })
      : await debitCash(tx, common);
  if (!funds) throw new AppError(ErrorCode.opsFinanceCashShort);
  const movement = { serialNo: funds.serialNo, balanceAfterFen: funds.cashFen };
  await recordAdjustmentMovement(tx, adjustment.id, movement);
  return movement;
}

function auditInfo(adjustment: TAdjustmentRow, extra: Record<string, unknown>) {
  return {
    adjustmentId: adjustment.id,
    direction: adjustment.direction,
    amount: fenToYuan(adjustment.amountFen),
    ...extra,
  };
}

async function accountIdOf(deps: TDeps, name: string | undefined): Promise<number | undefined> {
  if (!name) return undefined;
  const account = await findAccountByName(deps.db, name);
  if (!account) throw new AppError(ErrorCode.opsFinanceAccountNotFound);
  return Number(account.id);
}

type TListedRow = Awaited<ReturnType<typeof listAdjustmentRows>>[number];

function adjustmentView(r: TListedRow): TOpsAdjustment {
  const a = r.adjustment;
  const decider = r.decider?.id ? (r.decider as { id: number; username: string; role: TOpsRole }) : null;
  return {
    id: a.id,
    accountId: a.accountId,
    accountName: r.accountName,
    direction: a.direction,
    amountFen: a.amountFen,
    reason: a.reason,
    status: a.status,
    needsApproval: a.needsApproval,
    requestedBy: r.requester,
    requestedAt: a.requestedAt.toISOString(),
    decidedBy: decider,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    decisionNote: a.decisionNote,
    serialNo: a.serialNo,
    balanceAfterFen: a.balanceAfterFen,
  };
}

async function adjustmentById(deps: TDeps, id: number): Promise<TOpsAdjustment> {
  const [row] = await listAdjustmentRows(deps.db, {
    ids: [id],
    status: undefined,
    accountId: undefined,
    limit: 1,
    offset: 0,
  });
  if (!row) throw new AppError(ErrorCode.opsFinanceAdjustmentNotFound);
  return adjustmentView(row);
}

export async function listAdjustments(
  deps: TDeps,
  query: {
    status?: TOpsAdjustmentStatus | undefined;
    account?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const filter = { status: query.status, accountId: await accountIdOf(deps, query.account) };
  const [total, rows] = await Promise.all([
    countAdjustments(deps.db, filter),
    listAdjustmentRows(deps.db, {
      ...filter,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    }),
  ]);
  return {
    list: rows.map(adjustmentView),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    currency: currencyOf(deps.config.edition),
    approvalThresholdFen: deps.config.opsFinance.adjustmentApprovalFen,
  };
}

/**
 * Makes an adjustment: applied at once up to the approval threshold, else pending until a second
 * finance operator decides. A debit larger than the cash is refused (4369), nothing recorded.
 */
export async function createAdjustment(
  deps: TDeps,
  auth: TOpsAuth,
  input: { account: string; direction: 'credit' | 'debit'; amountFen: number; reason: string },
  meta: TRequestMeta,
): Promise<TOpsAdjustment> {
  const account = await findAccountByName(deps.db, input.account);
  if (!account) throw new AppError(ErrorCode.opsFinanceAccountNotFound);
  const threshold = deps.config.opsFinance.adjustmentApprovalFen;
  const needsApproval = input.amountFen > threshold;
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertAdjustment(tx, {
      accountId: Number(account.id),
      direction: input.direction,
      amountFen: input.amountFen,
      reason: input.reason,
      status: needsApproval ? 'pending' : 'applied',
      needsApproval,
      requestedBy: auth.operatorId,
      requestedAt: now,
      decidedAt: needsApproval ? null : now,
      serialNo: null,
      balanceAfterFen: null,
    });
    const movement = needsApproval ? null : await moveMoney(tx, row, now);
    await auditOperatorAccountAct(tx, {
      actor: actorOf(auth),
      accountId: row.accountId,
      action: needsApproval ? 'adjustment.request' : 'adjustment.apply',
      objectType: 'account',
      objectId: String(row.accountId),
      objectName: account.name,
      reason: input.reason,
      info: auditInfo(row, {
        needsApproval,
        approvalThreshold: fenToYuan(threshold),
        ...(movement ? { serialNo: movement.serialNo } : {}),
      }),
      meta,
      at: now,
    });
    return row.id;
  });
  return adjustmentById(deps, id);
}

/**
 * Decides another operator's pending adjustment: `applied` moves the money (once), `rejected`
 * moves nothing. The requester never decides their own (4368); a decided one answers 4367.
 */
async function decide(
  deps: TDeps,
  auth: TOpsAuth,
  adjustmentId: number,
  decision: { status: 'applied' | 'rejected'; note: string | null },
  meta: TRequestMeta,
): Promise<TOpsAdjustment> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const current = await findAdjustment(tx, adjustmentId);
    if (!current) throw new AppError(ErrorCode.opsFinanceAdjustmentNotFound);
    if (current.status !== 'pending') throw new AppError(ErrorCode.opsFinanceAdjustmentDecided);
    if (current.requestedBy === auth.operatorId) throw new AppError(ErrorCode.opsFinanceOwnAdjustment);
    // The conditional UPDATE: a concurrent decision waits on the row and then finds it decided.
    const decided = await decidePendingAdjustment(tx, adjustmentId, {
      status: decision.status,
      decidedBy: auth.operatorId,
      decidedAt: now,
      decisionNote: decision.note,
    });
    if (!decided) throw new AppError(ErrorCode.opsFinanceAdjustmentDecided);
    const movement = decision.status === 'applied' ? await moveMoney(tx, decided, now) : null;
    const isApproval = decision.status === 'applied';
    const account = await findAccountById(tx, decided.accountId);
    await auditOperatorAccountAct(tx, {
      actor: actorOf(auth),
      accountId: decided.accountId,
      action: isApproval ? 'adjustment.approve' : 'adjustment.reject',
      objectType: 'account',
      objectId: String(decided.accountId),
      objectName: account?.name ?? null,
      // Approving carries the request's reason; rejecting, why it was rejected.
      reason: isApproval ? decided.reason : decision.note,
      info: auditInfo(decided, {
        ...(isApproval && decision.note ? { note: decision.note } : {}),
        ...(movement ? { serialNo: movement.serialNo } : {}),
      }),
      meta,
      at: now,
    });
  });
  return adjustmentById(deps, adjustmentId);
}

export function approveAdjustment(
  deps: TDeps,
  auth: TOpsAuth,
  input: { adjustmentId: number; note?: string | undefined },
  meta: TRequestMeta,
): Promise<TOpsAdjustment> {
  return decide(deps, auth, input.adjustmentId, { status: 'applied', note: input.note ?? null }, meta);
}

export function rejectAdjustment(
  deps: TDeps,
  auth: TOpsAuth,
  input: { adjustmentId: number; reason: string },
  meta: TRequestMeta,
): Promise<TOpsAdjustment> {
  return decide(deps, auth, input.adjustmentId, { status: 'rejected', note: input.reason }, meta);
}

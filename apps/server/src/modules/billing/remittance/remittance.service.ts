/**
 * Remittance (corporate bank transfer): the bank account to pay to, the transfer reported with its
 * certificate (an upload of the account with purpose `remittance`), and the operator's review
 * (remittance.cli.ts): confirming credits the account once, in the review's transaction.
 */
import type { TRemittance, TRemittanceRequest } from '@console/contract';
import { BillingLimits, fenToYuan, yuanToFen } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import type { TAuth, TDeps, TRequestMeta } from '../../../context';
import { AppError } from '../../../errors';
import { translateValidation } from '../../../i18n';
import { findAccountById } from '../../account';
import { writeAudit } from '../../audit';
import { creditCash } from '../funds/funds.service';
import { findUpload } from '../uploads/upload.service';
import {
  countPendingRemittanceRows,
  findRemittance,
  insertRemittance,
  isUploadUsed,
  listAccountRemittances,
  reviewRemittance,
  type TRemittanceRow,
} from './remittance.repository';

function badField(lang: TLanguage, field: string, key: string): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { [field]: translateValidation(lang, key) } },
  });
}

function viewOf(r: TRemittanceRow): TRemittance {
  return {
    id: r.id,
    amount: fenToYuan(r.amountFen),
    payerName: r.payerName,
    status: r.status,
    fileName: r.fileName,
    reviewNote: r.reviewNote,
    createTime: r.createdAt.toISOString(),
    reviewTime: r.reviewedAt?.toISOString() ?? null,
  };
}

/** The remark a transfer carries so that the platform finds the account. */
export function remittanceRemark(accountName: string): string {
  return `TOPUP-${accountName}`;
}

export async function remittanceInfo(deps: TDeps, auth: TAuth) {
  const bank = deps.config.remittance;
  if (!bank) throw new AppError(ErrorCode.remittanceNotConfigured);
  const names = await findAccountById(deps.db, auth.accountId);
  return { ...bank, remark: remittanceRemark(names?.name ?? String(auth.accountId)) };
}

export async function submitRemittance(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  body: Omit<TRemittanceRequest, 'amount'> & { amount: string },
  meta: TRequestMeta,
): Promise<TRemittance> {
  if (!deps.config.remittance) throw new AppError(ErrorCode.remittanceNotConfigured);
  const amountFen = yuanToFen(body.amount);
  if (amountFen === null || amountFen <= 0) throw badField(lang, 'amount', 'amountFormat');
  if (amountFen > BillingLimits.rechargeMaxFen) throw badField(lang, 'amount', 'rechargeAmountMax');
  const upload = await findUpload(deps.db, body.fileId);
  if (!upload) throw badField(lang, 'fileId', 'uploadType');
  if (upload.accountId !== auth.accountId)
    throw new AppError(ErrorCode.forbidden, { messageKey: 'otherAccount' });
  if (upload.purpose !== 'remittance') throw badField(lang, 'fileId', 'uploadType');
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    if (await isUploadUsed(tx, upload.id)) throw new AppError(ErrorCode.conflict);
    const created = await insertRemittance(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      amountFen,
      payerName: body.payerName,
      payerAccount: body.payerAccount ?? null,
      uploadId: upload.id,
      now,
    });
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'remittance.submit',
      objectType: 'remittance',
      objectId: String(created),
      isSuccess: true,
      info: { amount: fenToYuan(amountFen), payerName: body.payerName, fileId: upload.id },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
    return created;
  });
  return viewOf((await findRemittance(deps.db, id)) as TRemittanceRow);
}

export async function listRemittances(deps: TDeps, auth: TAuth, page: { pageNo: number; pageSize: number }) {
  const { rows, total } = await listAccountRemittances(deps.db, auth.accountId, {
    limit: page.pageSize,
    offset: (page.pageNo - 1) * page.pageSize,
  });
  return { list: rows.map(viewOf), total, pageNo: page.pageNo, pageSize: page.pageSize };
}

export type TReviewOutcome =
  | { isDone: true; remittance: TRemittanceRow; serialNo: string | null }
  | { isDone: false; remittance: TRemittanceRow | null };

/**
 * The operator confirms a pending remittance: it becomes confirmed and the account is credited
 * (channel bank, type recharge), in one transaction; anything but a pending one changes nothing.
 */
export async function confirmRemittance(deps: TDeps, id: number): Promise<TReviewOutcome> {
  const now = deps.clock.now();
  const serialNo = await deps.db.transaction(async (tx) => {
    const reviewed = await reviewRemittance(tx, id, 'confirmed', null, now);
    if (!reviewed) return undefined;
    const funds = await creditCash(tx, {
      accountId: reviewed.accountId,
      amountFen: reviewed.amountFen,
      type: 'recharge',
      channel: 'bank',
      reference: `remittance:${id}`,
      now,
    });
    await writeAudit(tx, {
      accountId: reviewed.accountId,
      userId: null,
      username: null,
      action: 'remittance.confirm',
      objectType: 'remittance',
      objectId: String(id),
      isSuccess: true,
      info: { by: 'operator', amount: fenToYuan(reviewed.amountFen), serialNo: funds.serialNo },
      createdAt: now,
    });
    return funds.serialNo;
  });
  const remittance = await findRemittance(deps.db, id);
  if (serialNo === undefined || !remittance) return { isDone: false, remittance };
  return { isDone: true, remittance, serialNo };
}

/** The operator rejects a pending remittance with a note the account sees. */
export async function rejectRemittance(deps: TDeps, id: number, note: string): Promise<TReviewOutcome> {
  const now = deps.clock.now();
  const isDone = await deps.db.transaction(async (tx) => {
    const reviewed = await reviewRemittance(tx, id, 'rejected', note, now);
    if (!reviewed) return false;
    await writeAudit(tx, {
      accountId: reviewed.accountId,
      userId: null,
      username: null,
      action: 'remittance.reject',
      objectType: 'remittance',
      objectId: String(id),
      isSuccess: true,
      info: { by: 'operator', amount: fenToYuan(reviewed.amountFen), note },
      createdAt: now,
    });
    return true;
  });
  const remittance = await findRemittance(deps.db, id);
  if (!isDone || !remittance) return { isDone: false, remittance };
  return { isDone: true, remittance, serialNo: null };
}

/** How many remittances wait for confirmation (the back office's dashboard). */
export function countPendingRemittances(deps: TDeps): Promise<number> {
  return countPendingRemittanceRows(deps.db);
}

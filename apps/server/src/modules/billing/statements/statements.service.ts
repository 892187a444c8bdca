/**
 * What the account's administrators read of their bill (spec section 7 "Billing"): monthly
 * statements (their list, years, detail and lines), and the job that writes the statement of each
 * closed month. The billing record and daily details are in `details.service.ts`; the funds,
 * vouchers, deductions and transactions in the funds folder. Both are re-exported here, so that
 * every listing of the bill stays importable from one place.
 */
import {
  fenToYuan,
  type TLanguage,
  type TStatement,
  type TStatementDetail,
  type TStatementPage,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps } from '../../../context';
import { AppError } from '../../../errors';
import { dayOf } from '../../../lib/billing-day';
import { writeAuditEntries } from '../../audit';
import { ratio } from '../money';
import { readBillDetail } from './bill-detail-read';
import { countOver, lineOf } from './details.service';
import { owedPerMonth } from './owed-arrears';
import {
  arrearsPerMonth,
  countStatements,
  findStatement,
  insertClosedMonths,
  linesPerSku,
  outstandingOf,
  statementPage,
  statementYearTexts,
  type TRange,
  type TStatementRow,
} from './statements.repository';

export { fundsAccount, listDeductions, listTransactions, listVouchers } from '../funds/funds-view.service';
export { currencyOf } from '../money';
export {
  billingCount,
  billingDetails,
  cspRegionList,
  detailBatches,
  resolveRange,
  skuList,
} from './details.service';
export type { TRange };

/**
 * A statement as read: the month's figures as they were deducted (its arrears included), and what
 * of those arrears is still owed now. Settled: nothing of them is owed.
 */
function statementOf(r: TStatementRow, owed: ReadonlyMap<string, number>): TStatement {
  // Never more than the statement itself says the month incurred.
  const owedFen = Math.min(owed.get(r.month) ?? 0, r.outstandingFen);
  return {
    id: r.id,
    month: r.month,
    originalAmount: fenToYuan(r.amountFen),
    discountedAmount: fenToYuan(r.discountedFen),
    voucherDeduction: fenToYuan(r.voucherFen),
    cashPayment: fenToYuan(r.cashFen),
    outstandingAmount: fenToYuan(r.outstandingFen),
    owedAmount: fenToYuan(owedFen),
    discountRate: ratio(r.discountedFen, r.amountFen, 1),
    isSettled: owedFen === 0,
    generateTime: r.generatedAt.toISOString(),
  };
}

/** What of each month's arrears the account owes now (top-ups paid the oldest first). */
async function owedOf(deps: TDeps, accountId: number): Promise<Map<string, number>> {
  const owedFen = await outstandingOf(deps.db, accountId);
  if (owedFen === 0) return new Map();
  return owedPerMonth(owedFen, await arrearsPerMonth(deps.db, accountId));
}

export async function listStatements(
  deps: TDeps,
  auth: TAuth,
  query: { year?: number | undefined; pageNo: number; pageSize: number; cursor?: string | undefined },
): Promise<TStatementPage> {
  // At most twelve statements a year: the count is exact and cheap; the page reads by keyset
  // (the month before the cursor's) when given one.
  const total = await countStatements(deps.readDb, auth.accountId, query.year);
  const rows = await statementPage(deps.readDb, auth.accountId, query.year, {
    before: query.cursor ?? null,
    limit: query.pageSize + 1,
    offset: query.cursor ? 0 : (query.pageNo - 1) * query.pageSize,
  });
  const owed = await owedOf(deps, auth.accountId);
  const list = rows.slice(0, query.pageSize);
  return {
    list: list.map((r) => statementOf(r, owed)),
    total,
    nextCursor: rows.length > query.pageSize ? (list.at(-1)?.month ?? null) : null,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function statementYears(deps: TDeps, auth: TAuth): Promise<number[]> {
  const years = await statementYearTexts(deps.readDb, auth.accountId);
  return years.map(Number);
}

/** The account's statement, or 403 (another account's, or none). */
export async function requireStatement(deps: TDeps, auth: TAuth, id: number): Promise<TStatementRow> {
  const row = await findStatement(deps.readDb, auth.accountId, id);
  if (!row) throw new AppError(ErrorCode.forbidden);
  return row;
}

export function monthRange(month: string): TRange {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** A statement's lines: per instance and SKU over its month. */
export async function statementLines(deps: TDeps, auth: TAuth, lang: TLanguage, month: string) {
  const rows = await linesPerSku(deps.readDb, auth.accountId, monthRange(month));
  return rows.map((r) => lineOf(lang, r));
}

export async function statementDetail(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  id: number,
): Promise<TStatementDetail> {
  const raw = await requireStatement(deps, auth, id);
  // The month's figures and lines come from the usage store: a failed read answers 4073.
  return readBillDetail(async () => ({
    statement: statementOf(raw, await owedOf(deps, auth.accountId)),
    count: await countOver(deps, auth, { range: 'custom' }, monthRange(raw.month)),
    lines: await statementLines(deps, auth, lang, raw.month),
  }));
}

/** Audit entries written per statement (a bounded number of parameters per statement). */
const auditBatch = 1_000;

/**
 * Writes the statement of every closed month (UTC+8) with usage that has none yet, each with its
 * audit entry (the system as actor) in the same transaction. Answers how many it wrote.
 */
export async function generateStatements(deps: TDeps): Promise<number> {
  const now = deps.clock.now();
  const firstOfMonth = `${dayOf(now).slice(0, 7)}-01`;
  return deps.db.transaction(async (tx) => {
    const made = await insertClosedMonths(tx, firstOfMonth, now);
    for (let at = 0; at < made.length; at += auditBatch) {
      await writeAuditEntries(
        tx,
        made.slice(at, at + auditBatch).map((s) => ({
          accountId: s.accountId,
          userId: null,
          username: null,
          action: 'statement.generate',
          objectType: 'account',
          objectId: String(s.id),
          objectName: s.month,
          isSuccess: true,
          info: { month: s.month, discountedFen: s.discountedFen },
          createdAt: now,
        })),
      );
    }
    return made.length;
  });
}

/**
 * What of each month's arrears the account still owes. Usage that neither vouchers nor cash paid
 * when it was deducted becomes arrears (`outstanding_fen` of its rollups), and a credit pays what
 * the account owes as a whole (funds.service.ts `creditCash`). The bill attributes those payments
 * to the oldest arrears first, as a creditor does: what stays owed is the newest arrears. So the
 * amount owed now is laid over the months from the newest back, each taking at most what it
 * incurred.
 */

/** A month (`YYYY-MM`) and the arrears its consumption incurred, in fen. */
export type TMonthArrears = { month: string; arrearsFen: number };

/**
 * Each month's part of `owedFen` (what the account owes now), for months that incurred arrears;
 * a month that owes nothing maps to 0. What no month can take (arrears of rollups the months do
 * not list) stays unattributed.
 */
export function owedPerMonth(owedFen: number, months: readonly TMonthArrears[]): Map<string, number> {
  const out = new Map<string, number>();
  let rest = Math.max(0, owedFen);
  for (const m of [...months].sort((a, b) => b.month.localeCompare(a.month))) {
    const take = Math.min(rest, Math.max(0, m.arrearsFen));
    out.set(m.month, (out.get(m.month) ?? 0) + take);
    rest -= take;
  }
  return out;
}

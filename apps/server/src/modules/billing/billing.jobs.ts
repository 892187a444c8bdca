/**
 * Billing's background work:
 * - `billing.statements` (hourly): writes the statement of every closed month that has none;
 * - `billing.arrears` (every 10 minutes): pauses the services of accounts whose arrears are older
 *   than ARREARS_GRACE_HOURS (a top-up that clears them resumes, see funds/funds.service.ts), and
 *   those of trial accounts whose trial has ended (once: a top-up or a passed real-name
 *   verification resumes them, see certification.service.ts); the rules are in
 *   funds/arrears.service.ts;
 * - `instance.pause` ({ instanceId, isPaused }): tells the platform;
 * - `billing.usage-partitions` (daily, and once at startup): makes the monthly partitions of the
 *   usage records for this billing month and the next three, so that an insert never waits for
 *   one (the ingestion still makes any other month it meets). Raw usage records are kept: the
 *   product sets no retention for them; should it, dropping a month's partition is how they go.
 */
import type { TDeps } from '../../context';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { dayOf } from '../../lib/billing-day';
import { applyPause, pauseExpiredTrials, pauseLongArrears } from './funds/arrears.service';
import { pauseJobKind } from './funds/funds.service';
import { generateStatements } from './statements/statements.service';
import { ensureUsageMonths } from './usage/usage.repository';

export { pauseExpiredTrials, pauseLongArrears } from './funds/arrears.service';

export const statementsJobKind = 'billing.statements';
export const arrearsJobKind = 'billing.arrears';
export const usagePartitionsJobKind = 'billing.usage-partitions';

/** How many billing months after this one have their usage partition made ahead. */
export const usageMonthsAhead = 3;

/** Makes the usage partitions of this billing month (UTC+8) and the next `usageMonthsAhead`. */
export async function ensureUsagePartitions(deps: TDeps): Promise<void> {
  const [year, month] = dayOf(deps.clock.now()).split('-').map(Number) as [number, number];
  const days = Array.from({ length: usageMonthsAhead + 1 }, (_, i) =>
    new Date(Date.UTC(year, month - 1 + i, 1)).toISOString().slice(0, 10),
  );
  await ensureUsageMonths(deps.db, days);
}

export const usagePartitionsJob: TJobHandler = async (_job, deps) => {
  await ensureUsagePartitions(deps);
  return { nextRunAt: new Date(deps.clock.now().getTime() + 86_400_000) };
};

export const statementsJob: TJobHandler = async (_job, deps) => {
  await generateStatements(deps);
  return { nextRunAt: new Date(deps.clock.now().getTime() + 3_600_000) };
};

export const arrearsJob: TJobHandler = async (_job, deps) => {
  await pauseLongArrears(deps);
  await pauseExpiredTrials(deps);
  return { nextRunAt: new Date(deps.clock.now().getTime() + 10 * 60_000) };
};

export const pauseJob: TJobHandler = async (job, deps) => {
  const { instanceId, isPaused } = job.payload as { instanceId: number; isPaused: boolean };
  await applyPause(deps, instanceId, isPaused);
};

export function billingJobHandlers(): Record<string, TJobHandler> {
  return {
    [statementsJobKind]: statementsJob,
    [arrearsJobKind]: arrearsJob,
    [pauseJobKind]: pauseJob,
    [usagePartitionsJobKind]: usagePartitionsJob,
  };
}

/** Makes sure the recurring billing jobs exist (once, whatever the number of replicas). */
export async function scheduleBillingJobs(deps: TDeps): Promise<void> {
  for (const kind of [statementsJobKind, arrearsJobKind, usagePartitionsJobKind]) {
    await enqueueJob(deps.db, { kind, runAt: deps.clock.now(), dedupeKey: kind });
  }
}

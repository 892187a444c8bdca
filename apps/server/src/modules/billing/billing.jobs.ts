/**
 * Billing's background work:
 * - `billing.statements` (hourly): writes the statement of every closed month that has none;
 * - `billing.arrears` (every 10 minutes): pauses the services of accounts whose arrears are older
 *   than ARREARS_GRACE_HOURS (a top-up that clears them resumes, see funds/funds.service.ts), and
 *   those of trial accounts whose trial has ended (once: a top-up or a passed real-name
 *   verification resumes them, see certification.service.ts); the rules are in
 *   funds/arrears.service.ts;
 * - `instance.pause` ({ instanceId, isPaused }): tells the platform.
 */
import type { TDeps } from '../../context';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { applyPause, pauseExpiredTrials, pauseLongArrears } from './funds/arrears.service';
import { pauseJobKind } from './funds/funds.service';
import { generateStatements } from './statements/statements.service';

export { pauseExpiredTrials, pauseLongArrears } from './funds/arrears.service';

export const statementsJobKind = 'billing.statements';
export const arrearsJobKind = 'billing.arrears';

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
  return { [statementsJobKind]: statementsJob, [arrearsJobKind]: arrearsJob, [pauseJobKind]: pauseJob };
}

/** Makes sure the recurring billing jobs exist (once, whatever the number of replicas). */
export async function scheduleBillingJobs(deps: TDeps): Promise<void> {
  for (const kind of [statementsJobKind, arrearsJobKind]) {
    await enqueueJob(deps.db, { kind, runAt: deps.clock.now(), dedupeKey: kind });
  }
}

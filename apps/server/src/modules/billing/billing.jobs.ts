/**
 * Billing's background work:
 * - `billing.statements` (hourly): writes the statement of every closed month that has none;
 * - `billing.arrears` (every 10 minutes): pauses the services of accounts whose arrears are older
 *   than ARREARS_GRACE_HOURS (a top-up that clears them resumes, see funds.repository.ts), and
 *   those of trial accounts whose trial has ended (once: a top-up or a passed real-name
 *   verification resumes them, see certification.service.ts);
 * - `instance.pause` ({ instanceId, isPaused }): tells the platform.
 */
import { AccountType } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../context';
import { rowsOf } from '../../db/client';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { writeAudit } from '../audit';
import { findInstance } from '../service';
import { generateStatements } from './billing.service';
import { enqueuePauseJobs, pauseJobKind } from './funds.repository';

export const statementsJobKind = 'billing.statements';
export const arrearsJobKind = 'billing.arrears';

export const statementsJob: TJobHandler = async (_job, deps) => {
  await generateStatements(deps);
  return { nextRunAt: new Date(deps.clock.now().getTime() + 3_600_000) };
};

/** Pauses the services of accounts in arrears past the grace period; answers how many. */
export async function pauseLongArrears(deps: TDeps): Promise<number> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - deps.config.billing.arrearsGraceHours * 3_600_000);
  const due = rowsOf<{ id: number; name: string; outstanding_fen: number; arrears_since: Date | string }>(
    await deps.db.execute(sql`
      select a.id, a.name, f.outstanding_fen, f.arrears_since from funds f join accounts a on a.id = f.account_id
       where f.outstanding_fen > 0 and f.arrears_since < ${before} and a.services_paused_at is null
       order by f.arrears_since limit 500`),
  );
  let count = 0;
  for (const account of due) {
    await deps.db.transaction(async (tx) => {
      const rows = rowsOf<{ id: number }>(
        await tx.execute(sql`
          update accounts set services_paused_at = ${now}, updated_at = ${now}
           where id = ${account.id} and services_paused_at is null
             and exists (select 1 from funds f where f.account_id = ${account.id} and f.outstanding_fen > 0)
          returning id`),
      );
      if (rows.length === 0) return;
      await enqueuePauseJobs(tx, Number(account.id), true, now);
      await writeAudit(tx, {
        accountId: Number(account.id),
        userId: null,
        username: null,
        action: 'account.servicesPaused',
        objectType: 'account',
        objectId: String(account.id),
        objectName: account.name,
        isSuccess: true,
        info: {
          outstandingFen: Number(account.outstanding_fen),
          arrearsSince: new Date(account.arrears_since).toISOString(),
          graceHours: deps.config.billing.arrearsGraceHours,
        },
        createdAt: now,
      });
      count += 1;
    });
  }
  return count;
}

/**
 * Pauses the services of trial accounts past their trial (30 days plus extensions, see
 * remainingTrialDays); each account once (`trial_expired_at`), audited. Answers how many.
 */
export async function pauseExpiredTrials(deps: TDeps): Promise<number> {
  const now = deps.clock.now();
  const due = rowsOf<{ id: number; name: string; created_at: Date | string; extension: number }>(
    await deps.db.execute(sql`
      select id, name, created_at, trial_extension_days as extension from accounts
       where type = ${AccountType.trial} and trial_expired_at is null
         and created_at + make_interval(days => ${Limits.trialDays} + trial_extension_days) <= ${now}
       order by id limit 500`),
  );
  let count = 0;
  for (const account of due) {
    await deps.db.transaction(async (tx) => {
      const rows = rowsOf<{ was_paused: boolean }>(
        await tx.execute(sql`
          update accounts a set trial_expired_at = ${now},
                 services_paused_at = coalesce(a.services_paused_at, ${now}), updated_at = ${now}
            from (select id, services_paused_at is not null as was_paused from accounts
                   where id = ${account.id} for update) old
           where a.id = old.id and a.type = ${AccountType.trial} and a.trial_expired_at is null
          returning old.was_paused`),
      );
      const row = rows[0];
      if (!row) return;
      if (!row.was_paused) await enqueuePauseJobs(tx, Number(account.id), true, now);
      await writeAudit(tx, {
        accountId: Number(account.id),
        userId: null,
        username: null,
        action: 'account.trialExpired',
        objectType: 'account',
        objectId: String(account.id),
        objectName: account.name,
        isSuccess: true,
        info: {
          createdAt: new Date(account.created_at).toISOString(),
          trialDays: Limits.trialDays + Number(account.extension),
          servicesPaused: !row.was_paused,
        },
        createdAt: now,
      });
      count += 1;
    });
  }
  return count;
}

export const arrearsJob: TJobHandler = async (_job, deps) => {
  await pauseLongArrears(deps);
  await pauseExpiredTrials(deps);
  return { nextRunAt: new Date(deps.clock.now().getTime() + 10 * 60_000) };
};

export const pauseJob: TJobHandler = async (job, deps) => {
  const { instanceId, isPaused } = job.payload as { instanceId: number; isPaused: boolean };
  const instance = await findInstance(deps.db, sql`i.id = ${instanceId}`);
  if (!instance || (instance.status !== 1 && instance.status !== 3)) return;
  // A later change (paid meanwhile, or paused again) wins: apply the account's current state.
  const [account] = rowsOf<{ paused: unknown }>(
    await deps.db.execute(
      sql`select services_paused_at as paused from accounts where id = ${instance.accountId}`,
    ),
  );
  const shouldPause = Boolean(account?.paused);
  if (shouldPause !== isPaused) return;
  await deps.provisioner.setPaused(instance.ref, isPaused);
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

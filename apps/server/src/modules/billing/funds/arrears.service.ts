/**
 * Accounts whose services stop: arrears older than ARREARS_GRACE_HOURS (a top-up that clears them
 * resumes, see funds.service.ts), and trial accounts whose trial has ended (once: a top-up or a
 * passed real-name verification resumes them, see certification.service.ts). Each pause runs in
 * its own transaction with its audit entry; the platform is told by the pause jobs.
 */
import { Limits } from '@console/contract/limits';
import type { TDeps } from '../../../context';
import { writeAudit } from '../../audit';
import { findInstanceById } from '../../service';
import {
  accountsInArrearsSince,
  endedTrials,
  markTrialExpired,
  pauseServicesInArrears,
  servicesPausedAt,
} from './funds.repository';
import { enqueuePauseJobs } from './funds.service';

const batch = 500;

/** Pauses the services of accounts in arrears past the grace period; answers how many. */
export async function pauseLongArrears(deps: TDeps): Promise<number> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - deps.config.billing.arrearsGraceHours * 3_600_000);
  const due = await accountsInArrearsSince(deps.db, before, batch);
  let count = 0;
  for (const account of due) {
    await deps.db.transaction(async (tx) => {
      if (!(await pauseServicesInArrears(tx, account.id, now))) return;
      await enqueuePauseJobs(tx, account.id, true, now);
      await writeAudit(tx, {
        accountId: account.id,
        userId: null,
        username: null,
        action: 'account.servicesPaused',
        objectType: 'account',
        objectId: String(account.id),
        objectName: account.name,
        isSuccess: true,
        info: {
          outstandingFen: account.outstandingFen,
          arrearsSince: account.arrearsSince?.toISOString() ?? null,
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
  const due = await endedTrials(deps.db, now, Limits.trialDays, batch);
  let count = 0;
  for (const account of due) {
    await deps.db.transaction(async (tx) => {
      const marked = await markTrialExpired(tx, account.id, now);
      if (!marked) return;
      if (!marked.wasPaused) await enqueuePauseJobs(tx, account.id, true, now);
      await writeAudit(tx, {
        accountId: account.id,
        userId: null,
        username: null,
        action: 'account.trialExpired',
        objectType: 'account',
        objectId: String(account.id),
        objectName: account.name,
        isSuccess: true,
        info: {
          createdAt: account.createdAt.toISOString(),
          trialDays: Limits.trialDays + account.extension,
          servicesPaused: !marked.wasPaused,
        },
        createdAt: now,
      });
      count += 1;
    });
  }
  return count;
}

/**
 * Tells the platform to pause or resume one instance, unless a later change (paid meanwhile, or
 * paused again) made that wrong: the account's current state wins.
 */
export async function applyPause(deps: TDeps, instanceId: number, isPaused: boolean): Promise<void> {
  const instance = await findInstanceById(deps.db, instanceId);
  if (!instance || (instance.status !== 1 && instance.status !== 3)) return;
  const shouldPause = (await servicesPausedAt(deps.db, instance.accountId)) !== null;
  if (shouldPause !== isPaused) return;
  await deps.provisioner.setPaused(instance.ref, isPaused);
}

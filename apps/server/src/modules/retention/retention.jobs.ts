/**
 * Retention: removes sessions that have ended, wrong-password counts nobody added to for a day,
 * failure counts of client addresses whose window and block ended (at least a day ago),
 * verification codes, check tokens, captchas and sign-in challenges a day after they ended, RSA
 * keys a day after they rotated (their challenges live ten minutes), single sign-on flows a day
 * after they ended and accepted SAML assertion ids once their assertion expired, development outbox messages
 * after a week, and finished jobs older than a week; openings past their deadline whose job was lost
 * become openFailed. Runs every ten minutes on one replica at a time.
 */
import { sql } from 'drizzle-orm';
import type { TDeps } from '../../context';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { deleteEndedSessions } from '../auth';
import { sessionTimeouts } from '../auth/session.service';
import { failOverdueOpenings } from '../service/service.jobs';
import { purgeDeletedUsers } from '../user/user-admin.service';

export const retentionJobKind = 'retention';
const everyMs = 10 * 60_000;
const batch = 5_000;

export const retentionJob: TJobHandler = async (_job, deps) => {
  const now = deps.clock.now();
  const { idleMs } = sessionTimeouts(deps);
  const bounds = {
    now,
    idleBefore: new Date(now.getTime() - idleMs),
    revokedBefore: new Date(now.getTime() - 86_400_000),
  };
  while ((await deleteEndedSessions(deps.db, bounds, batch)) === batch) {
    // keep deleting in batches
  }
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await deps.db.execute(sql`
    delete from login_attempts where updated_at < ${dayAgo} and (locked_until is null or locked_until < ${now})`);
  const addressesBefore = new Date(
    now.getTime() - Math.max(86_400_000, deps.config.addressLimits.windowSeconds * 1000),
  );
  await deps.db.execute(sql`
    delete from address_attempts
    where updated_at < ${addressesBefore} and (blocked_until is null or blocked_until < ${addressesBefore})`);
  await deps.db.execute(sql`delete from verification_codes where created_at < ${dayAgo}`);
  await deps.db.execute(sql`delete from check_tokens where expires_at < ${dayAgo}`);
  await deps.db.execute(sql`delete from captchas where expires_at < ${dayAgo}`);
  await deps.db.execute(sql`delete from mfa_challenges where expires_at < ${dayAgo}`);
  await deps.db.execute(sql`delete from sso_flows where expires_at < ${dayAgo}`);
  await deps.db.execute(sql`delete from sso_assertion_ids where expires_at < ${now}`);
  await deps.db.execute(sql`delete from hook_replays where expires_at < ${now}`);
  await deps.db.execute(sql`
    delete from rsa_keys k where k.rotates_at < ${dayAgo}
      and not exists (select 1 from mfa_challenges c where c.key_id = k.id)`);
  // Deleted users whose recovery period has ended are removed for good.
  await purgeDeletedUsers(deps);
  // An opening whose job was lost does not stay "opening" past its deadline.
  await failOverdueOpenings(deps);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  await deps.db.execute(sql`delete from outbox where created_at < ${weekAgo}`);
  await deps.db.execute(
    sql`delete from jobs where status in ('done', 'failed') and finished_at < ${weekAgo}`,
  );
  return { nextRunAt: new Date(now.getTime() + everyMs) };
};

/** Makes sure the recurring retention job exists (once, whatever the number of replicas). */
export async function scheduleRetention(deps: TDeps): Promise<void> {
  await enqueueJob(deps.db, {
    kind: retentionJobKind,
    runAt: deps.clock.now(),
    dedupeKey: retentionJobKind,
  });
}

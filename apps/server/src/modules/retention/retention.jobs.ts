/**
 * Retention: removes sessions that have ended, wrong-password counts nobody added to for a day,
 * failure counts of client addresses whose window and block ended (at least a day ago),
 * verification codes, check tokens, captchas and sign-in challenges (operators' WebAuthn
 * challenges too) a day after they ended, RSA keys a day after they rotated (their challenges
 * live ten minutes), single sign-on flows a day
 * after they ended and accepted SAML assertion ids once their assertion expired, development outbox messages
 * after a week, and finished jobs older than a week; openings past their deadline whose job was lost
 * become openFailed. Runs every ten minutes on one replica at a time.
 */
import type { TDeps } from '../../context';
import { deleteFinishedJobs, enqueueJob, type TJobHandler } from '../../jobs/runner';
import { deleteStaleAddressAttempts } from '../address-limit';
import { deleteEndedSessions, sessionTimeouts } from '../auth';
import { deleteEndedOperatorChallenges } from '../operator';
import { deleteEndedChallenges } from '../passkey';
import { failOverdueOpenings } from '../service';
import { purgeDeletedUsers } from '../user';
import {
  deleteEndedJobProfileShares,
  deleteEndedVerifications,
  deleteExpiredReplayMarkers,
  deleteOldOutboxMessages,
  deleteRotatedRsaKeys,
  deleteStaleLoginAttempts,
} from './retention.repository';

export const retentionJobKind = 'retention';
const everyMs = 10 * 60_000;
const batch = 5_000;
const dayMs = 86_400_000;

export const retentionJob: TJobHandler = async (_job, deps) => {
  const now = deps.clock.now();
  const { idleMs } = sessionTimeouts(deps);
  const bounds = {
    now,
    idleBefore: new Date(now.getTime() - idleMs),
    revokedBefore: new Date(now.getTime() - dayMs),
  };
  while ((await deleteEndedSessions(deps.db, bounds, batch)) === batch) {
    // keep deleting in batches
  }
  const dayAgo = new Date(now.getTime() - dayMs);
  await deleteStaleLoginAttempts(deps.db, dayAgo, now);
  await deleteStaleAddressAttempts(
    deps.db,
    new Date(now.getTime() - Math.max(dayMs, deps.config.addressLimits.windowSeconds * 1000)),
  );
  await deleteEndedVerifications(deps.db, dayAgo);
  await deleteEndedChallenges(deps.db, dayAgo);
  await deleteEndedOperatorChallenges(deps.db, dayAgo);
  await deleteExpiredReplayMarkers(deps.db, now);
  // After the challenges: a key goes once no challenge uses it.
  await deleteRotatedRsaKeys(deps.db, dayAgo);
  // Deleted users whose recovery period has ended are removed for good.
  await purgeDeletedUsers(deps);
  // An opening whose job was lost does not stay "opening" past its deadline.
  await failOverdueOpenings(deps);
  const weekAgo = new Date(now.getTime() - 7 * dayMs);
  await deleteOldOutboxMessages(deps.db, weekAgo);
  // Ended share links stay listed (as expired or revoked) for 30 days.
  await deleteEndedJobProfileShares(deps.db, new Date(now.getTime() - 30 * dayMs));
  await deleteFinishedJobs(deps.db, weekAgo);
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

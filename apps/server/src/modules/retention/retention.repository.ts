/**
 * Retention statements of tables whose modules do not offer their own clean-up yet: wrong-password
 * counts, verification codes, check tokens, captchas, sign-in challenges and the RSA keys they
 * use, single sign-on flows and accepted SAML assertion ids, webhook replay markers and the
 * development outbox, and job-profile share links that ended. Each removes what ended before the bound it is given.
 */
import { and, eq, isNull, lt, notExists, or } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  captchas,
  checkTokens,
  hookReplays,
  jobProfileShares,
  loginAttempts,
  mfaChallenges,
  outbox,
  rsaKeys,
  ssoAssertionIds,
  ssoFlows,
  verificationCodes,
} from '../../db/schema';

/** Wrong-password counts nobody added to since `before`, unless they lock a name beyond `now`. */
export async function deleteStaleLoginAttempts(db: TDb, before: Date, now: Date): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.updatedAt, before),
        or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, now)),
      ),
    );
}

/** Codes sent, check tokens, captchas, challenges and flows that ended before `before`. */
export async function deleteEndedVerifications(db: TDb, before: Date): Promise<void> {
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, before));
  await db.delete(checkTokens).where(lt(checkTokens.expiresAt, before));
  await db.delete(captchas).where(lt(captchas.expiresAt, before));
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, before));
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, before));
}

/** Job-profile share links that expired or were revoked before `before`: they reach nothing. */
export async function deleteEndedJobProfileShares(db: TDb, before: Date): Promise<void> {
  await db
    .delete(jobProfileShares)
    .where(or(lt(jobProfileShares.expiresAt, before), lt(jobProfileShares.revokedAt, before)));
}

/** Accepted SAML assertion ids and webhook replay markers whose assertion or request expired. */
export async function deleteExpiredReplayMarkers(db: TDb, now: Date): Promise<void> {
  await db.delete(ssoAssertionIds).where(lt(ssoAssertionIds.expiresAt, now));
  await db.delete(hookReplays).where(lt(hookReplays.expiresAt, now));
}

/** RSA keys that rotated before `before` and that no sign-in challenge uses any more. */
export async function deleteRotatedRsaKeys(db: TDb, before: Date): Promise<void> {
  await db
    .delete(rsaKeys)
    .where(
      and(
        lt(rsaKeys.rotatesAt, before),
        notExists(
          db
            .select({ keyId: mfaChallenges.keyId })
            .from(mfaChallenges)
            .where(eq(mfaChallenges.keyId, rsaKeys.id)),
        ),
      ),
    );
}

/** Development outbox messages written before `before`. */
export async function deleteOldOutboxMessages(db: TDb, before: Date): Promise<void> {
  await db.delete(outbox).where(lt(outbox.createdAt, before));
}

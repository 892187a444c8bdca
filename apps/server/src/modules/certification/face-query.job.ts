/**
 * `certification.faceQuery` ({ faceSessionId }): while a face session of a real provider waits,
 * its outcome is asked of the provider every 30 s (the person may finish on the phone and never
 * come back to the desktop): passed or failed → settled as when the desktop asks (one
 * transaction, audited, a pass upgrading the account); still waiting → asked again; waiting past
 * the session's expiry → the session expires (USER_EXIT). A provider that cannot be reached is
 * asked again later; nothing is settled unconfirmed before the session expires.
 */
import type { FastifyBaseLogger } from 'fastify';
import { IdentityError } from '../../adapters/identity';
import type { TDeps } from '../../context';
import type { TJobHandler, TJobResult } from '../../jobs/runner';
import { findFaceSession } from './certification.repository';
import { expireWaitingFaceSessions } from './certification.service';
import { faceQueryEveryMs, faceQueryJobKind, settleFaceSession } from './certification-personal.service';

export function createFaceQueryJob(log: FastifyBaseLogger): TJobHandler {
  return async (job, deps: TDeps): Promise<TJobResult> => {
    const id = Number(job.payload.faceSessionId);
    if (!Number.isSafeInteger(id)) return;
    const session = await findFaceSession(deps.db, { id });
    if (session?.status !== 'waiting') return;
    const now = deps.clock.now();
    const isExpired = session.expiresAt.getTime() <= now.getTime();
    const expire = async (): Promise<TJobResult> => {
      await expireWaitingFaceSessions(deps, session.accountId);
      return undefined;
    };
    let check: Awaited<ReturnType<TDeps['identity']['faceResult']>>;
    try {
      check = await deps.identity.faceResult(session.providerSessionId);
    } catch (error) {
      log.warn(
        {
          faceSessionId: id,
          reason:
            error instanceof IdentityError ? error.reason : error instanceof Error ? error.name : 'unknown',
        },
        'face result query failed',
      );
      if (isExpired) return expire();
      return { nextRunAt: new Date(now.getTime() + faceQueryEveryMs) };
    }
    if (check.status === 'waiting') {
      if (isExpired) return expire();
      return { nextRunAt: new Date(now.getTime() + faceQueryEveryMs) };
    }
    await settleFaceSession(deps, session, { status: check.status, errorCode: check.errorCode }, null);
  };
}

export function faceQueryJobHandlers(log: FastifyBaseLogger): Record<string, TJobHandler> {
  return { [faceQueryJobKind]: createFaceQueryJob(log) };
}

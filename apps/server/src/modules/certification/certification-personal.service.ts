/**
 * Personal verification: name and resident ID, then a face check on a phone. The desktop shows
 * the QR code of `/faceRecognition?token=…`, the phone (signed in as an administrator of the
 * account) asks for the provider's liveness address, the desktop polls the session's state. A real
 * provider (Tencent FaceID, decision 0044) gives its page's address when the check is registered
 * and sends the phone back to `faceReturn`, which reads the outcome; so do the desktop's polling and
 * the `certification.faceQuery` job while the session waits. The development liveness page
 * settles the session itself.
 */
import { randomBytes } from 'node:crypto';
import type { TFaceResult, TPersonalVerifyResult } from '@console/contract';
import {
  CertificationLimits,
  isFaceErrorCode,
  maskIdNumber,
  maskPersonName,
  type TFaceErrorCode,
} from '@console/contract/certification-rules';
import { ErrorCode } from '@console/contract/codes';
import { apiPaths } from '@console/contract/paths';
import { requireAdapter } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/runner';
import {
  findCertification,
  findFaceSession,
  finishFaceSession,
  insertCertification,
  insertFaceSession,
  supersedePersonal,
  type TFaceSessionRow,
  updateCertification,
} from './certification.repository';
import {
  actorOf,
  applyPass,
  audit,
  certificationView,
  expireWaitingFaceSessions,
  providerFailure,
  requireOpen,
  type TActor,
  takeAttempt,
} from './certification.service';

/** The job that reads a real provider's face outcome while the session waits (face-query.job.ts). */
export const faceQueryJobKind = 'certification.faceQuery';
/** How often the job asks while the session waits. */
export const faceQueryEveryMs = 30_000;

export async function enqueueFaceQuery(db: TDb, faceSessionId: number, now: Date): Promise<void> {
  await enqueueJob(db, {
    kind: faceQueryJobKind,
    payload: { faceSessionId },
    runAt: new Date(now.getTime() + faceQueryEveryMs),
    dedupeKey: `${faceQueryJobKind}:${faceSessionId}`,
  });
}

function faceTokenHash(deps: TDeps, token: string): Buffer {
  return deps.secrets.digest('face-session', token);
}

export async function personalVerify(
  deps: TDeps,
  auth: TAuth,
  body: { name: string; idNumber: string },
  meta: TRequestMeta,
): Promise<TPersonalVerifyResult> {
  requireAdapter(deps.config, 'identity');
  await requireOpen(deps, auth.accountId, 'personal');
  await takeAttempt(deps, auth.accountId);
  const token = randomBytes(24).toString('base64url');
  let created: Awaited<ReturnType<TDeps['identity']['createFaceSession']>>;
  try {
    created = await deps.identity.createFaceSession({
      name: body.name,
      idNumber: body.idNumber,
      returnUrl: returnUrlOf(deps, token),
      reference: `account-${auth.accountId}`,
    });
  } catch (error) {
    throw providerFailure(error);
  }
  const sessionId = created.sessionId;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CertificationLimits.faceSessionSeconds * 1000);
  const actor = actorOf(auth, meta);
  const row = await deps.db.transaction(async (tx) => {
    await supersedePersonal(tx, auth.accountId, now);
    const inserted = await insertCertification(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      type: 'personal',
      status: 'verifying',
      personNameMask: maskPersonName(body.name),
      idNumberMask: maskIdNumber(body.idNumber),
      // The provider's page address (when it gives one) is sealed too: it opens the person's check.
      sealedData: deps.secrets.seal(
        JSON.stringify({
          name: body.name,
          idNumber: body.idNumber,
          ...(created.url ? { providerUrl: created.url } : {}),
        }),
      ),
      providerRef: sessionId,
      createdAt: now,
      updatedAt: now,
    });
    const face = await insertFaceSession(tx, {
      certificationId: inserted.id,
      accountId: auth.accountId,
      tokenHash: faceTokenHash(deps, token),
      providerSessionId: sessionId,
      expiresAt,
      createdAt: now,
    });
    // A real provider's outcome is read in the background too, should nobody come back to ask.
    if (!deps.identity.dev) await enqueueFaceQuery(tx, face.id, now);
    await audit(
      tx,
      actor,
      'certification.personalVerify',
      inserted,
      true,
      { idNumber: inserted.idNumberMask },
      now,
    );
    return inserted;
  });
  return {
    certification: certificationView(row),
    face: {
      faceToken: token,
      faceUrl: faceUrlOf(deps, token),
      expireTime: expiresAt.toISOString(),
    },
  };
}

function faceUrlOf(deps: TDeps, token: string): string {
  return `${deps.config.publicUrl}/faceRecognition?token=${encodeURIComponent(token)}`;
}

/**
 * Where the provider's page sends the phone back (it adds its own `token` parameter, so the
 * console's is `faceToken`); the development provider goes by the face page instead.
 */
function returnUrlOf(deps: TDeps, token: string): string {
  if (deps.identity.dev) return faceUrlOf(deps, token);
  return `${deps.config.publicUrl}${apiPaths.faceReturn.path}?faceToken=${encodeURIComponent(token)}`;
}

/** The account's face session of the token; another account's, or an unknown one: 4082. */
async function sessionOf(deps: TDeps, accountId: number, token: string): Promise<TFaceSessionRow> {
  const session = await findFaceSession(deps.db, { tokenHash: faceTokenHash(deps, token) });
  if (!session || session.accountId !== accountId) throw new AppError(ErrorCode.faceSessionInvalid);
  return session;
}

/** The phone's call: the provider's liveness address for a waiting, unexpired session. */
export async function faceVerify(deps: TDeps, auth: TAuth, token: string): Promise<{ providerUrl: string }> {
  const session = await sessionOf(deps, auth.accountId, token);
  if (session.status !== 'waiting' || session.expiresAt.getTime() <= deps.clock.now().getTime()) {
    throw new AppError(ErrorCode.faceSessionInvalid);
  }
  const providerUrl = await providerUrlOf(deps, session);
  if (providerUrl) return { providerUrl };
  try {
    return {
      providerUrl: await deps.identity.faceCheckUrl(session.providerSessionId, faceUrlOf(deps, token)),
    };
  } catch (error) {
    throw providerFailure(error);
  }
}

/** The provider's page address kept (sealed) with the verification when the provider gave one. */
async function providerUrlOf(deps: TDeps, session: TFaceSessionRow): Promise<string | null> {
  const certification = await findCertification(deps.db, session.certificationId);
  if (!certification) return null;
  const sealed = JSON.parse(deps.secrets.open(certification.sealedData)) as { providerUrl?: unknown };
  return typeof sealed.providerUrl === 'string' ? sealed.providerUrl : null;
}

/**
 * Records the face check's outcome once (session, verification, the account's upgrade), in one
 * transaction; a session finished meanwhile is left as it is.
 */
export async function settleFaceSession(
  deps: TDeps,
  session: TFaceSessionRow,
  outcome: { status: 'passed' | 'failed'; errorCode: TFaceErrorCode | null },
  actor: TActor | null,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const isFinished = await finishFaceSession(tx, session.id, outcome.status, outcome.errorCode, now);
    if (!isFinished) return;
    const certification = await findCertification(tx, session.certificationId, true);
    if (certification?.status !== 'verifying') return;
    const row = await updateCertification(tx, certification.id, {
      status: outcome.status,
      faceError: outcome.status === 'failed' ? (outcome.errorCode ?? 'DATA_ERROR') : null,
      updatedAt: now,
    });
    const who: TActor = actor ?? {
      accountId: row.accountId,
      userId: null,
      username: null,
      ip: null,
      requestId: null,
    };
    await audit(
      tx,
      who,
      'certification.face',
      row,
      outcome.status === 'passed',
      { faceError: row.faceError },
      now,
    );
    if (outcome.status === 'passed') await applyPass(tx, who, row, now);
  });
}

/** The desktop's polling: the session's state, asking the provider while it waits. */
export async function queryFaceResult(
  deps: TDeps,
  auth: TAuth,
  token: string,
  meta: TRequestMeta,
): Promise<TFaceResult> {
  let session = await sessionOf(deps, auth.accountId, token);
  if (session.status === 'waiting') {
    if (session.expiresAt.getTime() <= deps.clock.now().getTime()) {
      await expireWaitingFaceSessions(deps, auth.accountId);
      throw new AppError(ErrorCode.faceSessionInvalid);
    }
    let check: Awaited<ReturnType<TDeps['identity']['faceResult']>>;
    try {
      check = await deps.identity.faceResult(session.providerSessionId);
    } catch (error) {
      throw providerFailure(error);
    }
    if (check.status === 'waiting') return { status: 'waiting', errorCode: null };
    await settleFaceSession(
      deps,
      session,
      { status: check.status, errorCode: check.errorCode },
      actorOf(auth, meta),
    );
    session = (await findFaceSession(deps.db, { tokenHash: session.tokenHash })) ?? session;
  }
  return {
    status: session.status,
    errorCode: session.status === 'failed' && isFaceErrorCode(session.errorCode) ? session.errorCode : null,
  };
}

/**
 * The phone back from the provider's page (`RedirectUrl`): the outcome is read from the provider
 * and settled; answers where the phone goes on to: /faceRecognitionSuccessful, the face page with
 * the error, or (the check not finished) the face page again.
 */
export async function faceReturn(deps: TDeps, token: string): Promise<string> {
  let session = await findFaceSession(deps.db, { tokenHash: faceTokenHash(deps, token) });
  if (!session) throw new AppError(ErrorCode.faceSessionInvalid);
  const facePage = `/faceRecognition?token=${encodeURIComponent(token)}`;
  if (session.status === 'waiting') {
    const now = deps.clock.now();
    if (session.expiresAt.getTime() <= now.getTime()) {
      await expireWaitingFaceSessions(deps, session.accountId);
    } else {
      let check: Awaited<ReturnType<TDeps['identity']['faceResult']>>;
      try {
        check = await deps.identity.faceResult(session.providerSessionId);
      } catch (error) {
        throw providerFailure(error);
      }
      if (check.status === 'waiting') return facePage;
      await settleFaceSession(deps, session, { status: check.status, errorCode: check.errorCode }, null);
    }
    session = (await findFaceSession(deps.db, { tokenHash: session.tokenHash })) ?? session;
  }
  if (session.status === 'passed') return '/faceRecognitionSuccessful';
  const code = isFaceErrorCode(session.errorCode) ? session.errorCode : 'DATA_ERROR';
  return `${facePage}&error=${encodeURIComponent(code)}`;
}

/**
 * The waiting face session of the development liveness page: the provider's session id and the
 * token must belong together; null otherwise.
 */
export async function devPageSession(
  deps: TDeps,
  sessionId: string,
  token: string,
): Promise<TFaceSessionRow | null> {
  if (!sessionId) return null;
  const session = await findFaceSession(deps.db, { providerSessionId: sessionId });
  if (!session?.tokenHash.equals(faceTokenHash(deps, token))) return null;
  return session;
}

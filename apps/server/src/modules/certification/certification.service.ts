/**
 * Real-name verification (spec sections 3, 4, 5, 8):
 *
 * - personal: name and resident ID (GB 11643, checked by the request schema), then a face check on
 *   a phone: the desktop shows the QR code of `/faceRecognition?token=…`, the phone (signed in as
 *   an administrator of the account) asks for the provider's liveness address, the desktop polls
 *   the session's state;
 * - enterprise: company, credit code (GB 32100), legal person, bank account and the business
 *   licence (an upload of the account with purpose businessLicense); the provider answers a result
 *   at once, or the check waits for an operator (`certification approve|reject`).
 *
 * A pass (face passed, enterprise CONSISTENT or approved) turns a trial account formal in the same
 * transaction, audited, and resumes services a trial's end paused (unless arrears keep them
 * paused). At most CERTIFICATION_ATTEMPTS_PER_DAY attempts per account and UTC day. Names, ID
 * numbers and bank accounts are sealed with the secret box; answers and the audit carry masks only.
 */
import { randomBytes } from 'node:crypto';
import type {
  TCertification,
  TCertificationState,
  TCompanyVerifyRequest,
  TFaceResult,
  TPersonalVerifyResult,
} from '@console/contract';
import {
  CertificationLimits,
  isEnterpriseResult,
  isFaceErrorCode,
  maskBankAccount,
  maskIdNumber,
  maskPersonName,
  type TFaceErrorCode,
} from '@console/contract/certification-rules';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import { AccountType } from '@console/contract/enums';
import { sql } from 'drizzle-orm';
import { IdentityError } from '../../adapters/identity';
import { requireAdapter } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { rowsOf, type TDb } from '../../db/client';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { lockAccount, updateAccountColumns } from '../account';
import { writeAudit } from '../audit';
import { enqueuePauseJobs, findUpload } from '../billing';
import {
  attemptsOn,
  certificationFacts,
  countAttempt,
  expireFaceSessions,
  findCertification,
  findFaceSession,
  finishFaceSession,
  insertCertification,
  insertFaceSession,
  latestCertification,
  supersedePersonal,
  type TCertificationRow,
  type TFaceSessionRow,
  updateCertification,
} from './certification.repository';

type TActor = {
  accountId: number;
  userId: number | null;
  username: string | null;
  ip: string | null;
  requestId: string | null;
};

function actorOf(auth: TAuth, meta: TRequestMeta): TActor {
  return {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    ip: meta.ip,
    requestId: meta.requestId,
  };
}

/** The answer's view of a verification: masks only. */
export function certificationView(row: TCertificationRow): TCertification {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    result: isEnterpriseResult(row.result) ? row.result : null,
    faceError: isFaceErrorCode(row.faceError) ? row.faceError : null,
    manualReview: row.manualReview,
    reason: row.reason,
    personName: row.personNameMask,
    idNumberMasked: row.idNumberMask,
    companyName: row.companyName,
    creditCode: row.creditCode,
    legalPersonName: row.legalPersonNameMask,
    legalPersonIdMasked: row.legalPersonIdMask,
    bankAccountMasked: row.bankAccountMask,
    bankName: row.bankName,
    licenseFileId: row.licenseFileId,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function faceTokenHash(deps: TDeps, token: string): Buffer {
  return deps.secrets.digest('face-session', token);
}

function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof IdentityError) {
    return new AppError(ErrorCode.certificationFailed, { cause: `identity provider: ${error.reason}` });
  }
  return new AppError(ErrorCode.certificationFailed, { cause: error });
}

/** Refuses a new verification the account does not need: 4083. */
async function requireOpen(deps: TDeps, accountId: number, type: 'personal' | 'enterprise'): Promise<void> {
  const facts = await certificationFacts(deps.db, accountId);
  if (facts.manualPending || facts.enterprisePassed || (type === 'personal' && facts.personalPassed)) {
    throw new AppError(ErrorCode.alreadyCertified);
  }
}

/** Counts the attempt; over the day's limit: 4081. */
async function takeAttempt(deps: TDeps, accountId: number): Promise<void> {
  const count = await countAttempt(deps.db, accountId, dayOf(deps.clock.now()));
  if (count > deps.config.certification.attemptsPerDay) {
    throw new AppError(ErrorCode.certificationAttemptsExceeded, {
      data: { limit: deps.config.certification.attemptsPerDay },
    });
  }
}

async function audit(
  db: TDb,
  actor: TActor,
  action: string,
  row: TCertificationRow,
  isSuccess: boolean,
  info: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await writeAudit(db, {
    accountId: row.accountId,
    userId: actor.userId,
    username: actor.username,
    action,
    objectType: 'certification',
    objectId: String(row.id),
    objectName: row.type === 'enterprise' ? row.companyName : row.personNameMask,
    isSuccess,
    info: { type: row.type, status: row.status, ...info },
    ip: actor.ip,
    requestId: actor.requestId,
    createdAt: now,
  });
}

/**
 * A passed verification: trial → formal (audited), and services a trial's end paused resume when
 * no arrears keep them paused. Runs inside the caller's transaction.
 */
async function applyPass(tx: TDb, actor: TActor, row: TCertificationRow, now: Date): Promise<void> {
  const account = await lockAccount(tx, row.accountId);
  if (!account) return;
  if (account.type === AccountType.trial) {
    await updateAccountColumns(tx, row.accountId, { type: AccountType.formal }, now);
    await writeAudit(tx, {
      accountId: row.accountId,
      userId: actor.userId,
      username: actor.username,
      action: 'account.formal',
      objectType: 'account',
      objectId: String(row.accountId),
      objectName: account.displayName,
      isSuccess: true,
      info: { source: 'certification', certificationId: row.id, type: row.type },
      ip: actor.ip,
      requestId: actor.requestId,
      createdAt: now,
    });
  }
  const resumed = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update accounts set services_paused_at = null, updated_at = ${now}
       where id = ${row.accountId} and services_paused_at is not null
         and not exists (select 1 from funds f where f.account_id = ${row.accountId} and f.outstanding_fen > 0)
      returning id`),
  );
  if (resumed.length > 0) {
    await enqueuePauseJobs(tx, row.accountId, false, now);
    await writeAudit(tx, {
      accountId: row.accountId,
      userId: actor.userId,
      username: actor.username,
      action: 'account.servicesResumed',
      objectType: 'account',
      objectId: String(row.accountId),
      objectName: account.displayName,
      isSuccess: true,
      info: { source: 'certification', certificationId: row.id },
      ip: actor.ip,
      requestId: actor.requestId,
      createdAt: now,
    });
  }
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
  let sessionId: string;
  try {
    sessionId = (await deps.identity.createFaceSession({ name: body.name, idNumber: body.idNumber }))
      .sessionId;
  } catch (error) {
    throw providerFailure(error);
  }
  const now = deps.clock.now();
  const token = randomBytes(24).toString('base64url');
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
      sealedData: deps.secrets.seal(JSON.stringify({ name: body.name, idNumber: body.idNumber })),
      providerRef: sessionId,
      createdAt: now,
      updatedAt: now,
    });
    await insertFaceSession(tx, {
      certificationId: inserted.id,
      accountId: auth.accountId,
      tokenHash: faceTokenHash(deps, token),
      providerSessionId: sessionId,
      expiresAt,
      createdAt: now,
    });
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
  try {
    return {
      providerUrl: await deps.identity.faceCheckUrl(session.providerSessionId, faceUrlOf(deps, token)),
    };
  } catch (error) {
    throw providerFailure(error);
  }
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
      await deps.db.transaction((tx) => expireFaceSessions(tx, auth.accountId, deps.clock.now()));
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

function licenceError(lang: TLanguage): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { licenseFileId: translateValidation(lang, 'licenseFile') } },
  });
}

export async function companyVerify(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  body: Required<{ [K in keyof TCompanyVerifyRequest]: string }>,
  meta: TRequestMeta,
): Promise<TCertification> {
  requireAdapter(deps.config, 'identity');
  const upload = await findUpload(deps.db, body.licenseFileId);
  if (!upload || upload.accountId !== auth.accountId || upload.purpose !== 'businessLicense')
    throw licenceError(lang);
  await requireOpen(deps, auth.accountId, 'enterprise');
  await takeAttempt(deps, auth.accountId);
  let check: Awaited<ReturnType<TDeps['identity']['checkEnterprise']>>;
  try {
    check = await deps.identity.checkEnterprise({
      companyName: body.companyName,
      creditCode: body.creditCode,
      legalPersonName: body.legalPersonName,
      legalPersonId: body.legalPersonId,
      bankAccount: body.bankAccount,
      bankName: body.bankName,
    });
  } catch (error) {
    throw providerFailure(error);
  }
  const now = deps.clock.now();
  const actor = actorOf(auth, meta);
  const row = await deps.db.transaction(async (tx) => {
    const isManual = check.result === 'manual';
    const status = isManual ? 'verifying' : check.result === 'CONSISTENT' ? 'passed' : 'failed';
    const inserted = await insertCertification(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      type: 'enterprise',
      status,
      result: isManual ? null : check.result,
      manualReview: isManual,
      companyName: body.companyName,
      creditCode: body.creditCode,
      legalPersonNameMask: maskPersonName(body.legalPersonName),
      legalPersonIdMask: maskIdNumber(body.legalPersonId),
      bankAccountMask: maskBankAccount(body.bankAccount),
      bankName: body.bankName,
      licenseFileId: body.licenseFileId,
      sealedData: deps.secrets.seal(
        JSON.stringify({
          legalPersonName: body.legalPersonName,
          legalPersonId: body.legalPersonId,
          bankAccount: body.bankAccount,
        }),
      ),
      providerRef: check.ref,
      createdAt: now,
      updatedAt: now,
    });
    await audit(
      tx,
      actor,
      'certification.companyVerify',
      inserted,
      status !== 'failed',
      { result: inserted.result, manualReview: isManual, creditCode: body.creditCode },
      now,
    );
    if (status === 'passed') await applyPass(tx, actor, inserted, now);
    return inserted;
  });
  return certificationView(row);
}

export async function invoiceTypesOf(db: TDb, accountId: number): Promise<('ordinary' | 'specialVat')[]> {
  const facts = await certificationFacts(db, accountId);
  return facts.enterprisePassed ? ['ordinary', 'specialVat'] : ['ordinary'];
}

export async function certificationState(deps: TDeps, auth: TAuth): Promise<TCertificationState> {
  await deps.db.transaction((tx) => expireFaceSessions(tx, auth.accountId, deps.clock.now()));
  const [latest, account, used, invoiceTypes] = await Promise.all([
    latestCertification(deps.db, auth.accountId),
    deps.db.execute(sql`select type from accounts where id = ${auth.accountId}`),
    attemptsOn(deps.db, auth.accountId, dayOf(deps.clock.now())),
    invoiceTypesOf(deps.db, auth.accountId),
  ]);
  const type = Number(rowsOf<{ type: number }>(account)[0]?.type ?? AccountType.trial);
  return {
    certification: latest ? certificationView(latest) : null,
    accountType: type,
    attemptsLeft: Math.max(0, deps.config.certification.attemptsPerDay - used),
    invoiceTypes,
  };
}

export type TReviewOutcome = { certification: TCertificationRow | null; isDone: boolean };

/** An operator's decision on a verification waiting for manual review. */
export async function reviewCertification(
  deps: TDeps,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<TReviewOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await findCertification(tx, id, true);
    if (row?.status !== 'verifying' || !row.manualReview) return { certification: row, isDone: false };
    const updated = await updateCertification(tx, id, {
      status: decision.approve ? 'passed' : 'failed',
      result: decision.approve ? 'CONSISTENT' : row.result,
      reason: decision.approve ? null : decision.reason,
      decidedBy: 'operator',
      decidedAt: now,
      updatedAt: now,
    });
    const actor: TActor = {
      accountId: row.accountId,
      userId: null,
      username: null,
      ip: null,
      requestId: null,
    };
    await audit(
      tx,
      actor,
      decision.approve ? 'certification.approve' : 'certification.reject',
      updated,
      decision.approve,
      decision.approve ? {} : { reason: decision.reason },
      now,
    );
    if (decision.approve) await applyPass(tx, actor, updated, now);
    return { certification: updated, isDone: true };
  });
}

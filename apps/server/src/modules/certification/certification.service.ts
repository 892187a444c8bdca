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
 * paused). At most CERTIFICATION_ATTEMPTS_PER_DAY attempts per account and day (the billing day,
 * UTC+8). Names, ID
 * numbers and bank accounts are sealed with the secret box; answers and the audit carry masks only.
 *
 * This file holds what the three ways share (the view, the attempt limit, the audit, the pass) and
 * the account's state; certification-personal.service.ts the personal verification and its face
 * check, certification-enterprise.service.ts the enterprise one, certification-review.service.ts the
 * operator's decisions.
 */
import type { TCertification, TCertificationState } from '@console/contract';
import { isEnterpriseResult, isFaceErrorCode } from '@console/contract/certification-rules';
import { ErrorCode } from '@console/contract/codes';
import { AccountType } from '@console/contract/enums';
import { isVerificationRejectReason } from '@console/contract/review-reasons';
import { IdentityError } from '../../adapters/identity';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { dayOf } from '../../lib/billing-day';
import { lockAccount, updateAccountColumns } from '../account';
import { writeAudit } from '../audit';
import { enqueuePauseJobs } from '../billing';
import {
  accountTypeOf,
  attemptsOn,
  certificationFacts,
  countAttempt,
  expireFaceSessions,
  latestCertification,
  resumeServicesWithoutArrears,
  type TCertificationRow,
} from './certification.repository';

export type TActor = {
  accountId: number;
  userId: number | null;
  username: string | null;
  ip: string | null;
  requestId: string | null;
};

export function actorOf(auth: TAuth, meta: TRequestMeta): TActor {
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
    reasonCode: isVerificationRejectReason(row.reasonCode) ? row.reasonCode : null,
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

/**
 * A provider's failure as the answer 4084; the reason (the call and the provider's error code,
 * never the person's data) goes to the log only, as a warning.
 */
export function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof IdentityError) {
    return new AppError(ErrorCode.certificationFailed, { cause: `identity provider: ${error.message}` });
  }
  return new AppError(ErrorCode.certificationFailed, {
    cause: `identity provider: ${error instanceof Error ? error.name : 'unknown failure'}`,
  });
}

/** Refuses a new verification the account does not need: 4083. */
export async function requireOpen(
  deps: TDeps,
  accountId: number,
  type: 'personal' | 'enterprise',
): Promise<void> {
  const facts = await certificationFacts(deps.db, accountId);
  if (facts.manualPending || facts.enterprisePassed || (type === 'personal' && facts.personalPassed)) {
    throw new AppError(ErrorCode.alreadyCertified);
  }
}

/** Counts the attempt in the account's (billing) day; over the day's limit: 4081. */
export async function takeAttempt(deps: TDeps, accountId: number): Promise<void> {
  const count = await countAttempt(deps.db, accountId, dayOf(deps.clock.now()));
  if (count > deps.config.certification.attemptsPerDay) {
    throw new AppError(ErrorCode.certificationAttemptsExceeded, {
      data: { limit: deps.config.certification.attemptsPerDay },
    });
  }
}

export async function audit(
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
export async function applyPass(tx: TDb, actor: TActor, row: TCertificationRow, now: Date): Promise<void> {
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
  if (await resumeServicesWithoutArrears(tx, row.accountId, now)) {
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

export async function invoiceTypesOf(db: TDb, accountId: number): Promise<('ordinary' | 'specialVat')[]> {
  const facts = await certificationFacts(db, accountId);
  return facts.enterprisePassed ? ['ordinary', 'specialVat'] : ['ordinary'];
}

/**
 * Ends the account's waiting face sessions past their expiry (USER_EXIT), each failed
 * verification audited in the same transaction (by the system).
 */
export async function expireWaitingFaceSessions(deps: TDeps, accountId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const system: TActor = { accountId, userId: null, username: null, ip: null, requestId: null };
    for (const row of await expireFaceSessions(tx, accountId, now)) {
      await audit(tx, system, 'certification.face', row, false, { faceError: row.faceError }, now);
    }
  });
}

export async function certificationState(deps: TDeps, auth: TAuth): Promise<TCertificationState> {
  await expireWaitingFaceSessions(deps, auth.accountId);
  const [latest, type, used, invoiceTypes] = await Promise.all([
    latestCertification(deps.db, auth.accountId),
    accountTypeOf(deps.db, auth.accountId),
    attemptsOn(deps.db, auth.accountId, dayOf(deps.clock.now())),
    invoiceTypesOf(deps.db, auth.accountId),
  ]);
  return {
    certification: latest ? certificationView(latest) : null,
    accountType: type ?? AccountType.trial,
    attemptsLeft: Math.max(0, deps.config.certification.attemptsPerDay - used),
    invoiceTypes,
  };
}

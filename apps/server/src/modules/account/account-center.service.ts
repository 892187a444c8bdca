/**
 * The account center (issue "Administration", item 1): the company name, the registration phone
 * (proven by a code sent to the new number), activation codes (an operator's code turns a trial
 * account formal or extends its trial; a cloud-marketplace code is checked by the marketplace) and
 * the application to upgrade to the enterprise edition. Every change is one transaction with its
 * audit entry.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  TAccountCenter,
  TActivationResult,
  TFormalApplicationRequest,
  TUpdateRegistrationPhoneRequest,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import { AccountType } from '@console/contract/enums';
import { isFormalDeclineReason } from '@console/contract/review-reasons';
import { MarketplaceRefusal } from '../../adapters/marketplace';
import { adapterStates } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { consumeCheckToken, peekCheckToken, phoneTarget } from '../verification/code.service';
import { findAccountById, type TAccountRow } from './account.repository';
import {
  countMfaUsers,
  findAccountIdByMarketplaceCustomer,
  findAccountIdByRegistrationPhone,
  findActivationCode,
  insertActivationCode,
  insertFormalApplication,
  lockAccount,
  updateAccountColumns,
} from './account-center.repository';
import { latestApplication } from './formal-application.repository';

const dayMs = 86_400_000;
const marketplaceTimeoutMs = 10_000;

/** `+86 13800000000` → `+86 138****0000`. */
function maskStoredPhone(stored: string): string {
  const [prefix, number] = stored.split(' ');
  return number === undefined ? maskPhone(stored) : `${prefix} ${maskPhone(number)}`;
}

async function requireAccount(deps: TDeps, accountId: number): Promise<TAccountRow> {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw new AppError(ErrorCode.notFound);
  return account;
}

export async function getAccountCenter(deps: TDeps, accountId: number): Promise<TAccountCenter> {
  const account = await requireAccount(deps, accountId);
  const [mfa, application] = await Promise.all([
    countMfaUsers(deps.db, accountId),
    latestApplication(deps.db, accountId),
  ]);
  return {
    companyName: account.companyName,
    registrationPhone: account.registrationPhone ? maskStoredPhone(account.registrationPhone) : null,
    registrationEmail: account.registrationEmail ? maskEmail(account.registrationEmail) : null,
    isMfaRequired: account.mfaRequired,
    mfaEnabledUsers: mfa.enabled,
    totalUsers: mfa.total,
    trialExtensionDays: account.trialExtensionDays,
    formalApplicationSubmitted: account.formalApplicationSubmitted,
    formalApplication: application
      ? {
          status: application.status,
          reasonCode: isFormalDeclineReason(application.reasonCode) ? application.reasonCode : null,
          reasonNote: application.reasonNote,
          createTime: application.createdAt.toISOString(),
          decideTime: application.decidedAt?.toISOString() ?? null,
        }
      : null,
    isMarketplace: account.marketplaceCustomerId !== null,
  };
}

function auditOf(auth: TAuth, meta: TRequestMeta, now: Date) {
  return {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    objectType: 'account' as const,
    objectId: String(auth.accountId),
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}

export async function updateCompanyName(
  deps: TDeps,
  auth: TAuth,
  companyName: string,
  meta: TRequestMeta,
): Promise<TAccountCenter> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, auth.accountId);
    if (!account) throw new AppError(ErrorCode.notFound);
    await updateAccountColumns(tx, auth.accountId, { companyName }, now);
    await writeAudit(tx, {
      ...auditOf(auth, meta, now),
      action: 'account.updateCompanyName',
      objectName: account.displayName,
      isSuccess: true,
      info: { from: account.companyName, to: companyName },
    });
  });
  return getAccountCenter(deps, auth.accountId);
}

/**
 * Changes the registration phone: the checkToken must prove an EDIT_PHONE code sent to the new
 * number; one registration phone belongs to one account only (4027).
 */
export async function updateRegistrationPhone(
  deps: TDeps,
  auth: TAuth,
  input: TUpdateRegistrationPhoneRequest & { checkToken: string },
  meta: TRequestMeta,
): Promise<TAccountCenter> {
  const target = phoneTarget(input.phone, input.phoneCode ?? '86');
  const peeked = await peekCheckToken(deps, input.checkToken, ['EDIT_PHONE']);
  if (peeked.channel !== 'sms' || peeked.target !== target) throw new AppError(ErrorCode.verificationFailed);
  if (await findAccountIdByRegistrationPhone(deps.db, target, auth.accountId)) {
    throw new AppError(ErrorCode.alreadyRegistered);
  }
  await consumeCheckToken(deps, input.checkToken, ['EDIT_PHONE']);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, auth.accountId);
    if (!account) throw new AppError(ErrorCode.notFound);
    if (await findAccountIdByRegistrationPhone(tx, target, auth.accountId)) {
      throw new AppError(ErrorCode.alreadyRegistered);
    }
    await updateAccountColumns(tx, auth.accountId, { registrationPhone: target }, now);
    await writeAudit(tx, {
      ...auditOf(auth, meta, now),
      action: 'account.updateRegistrationPhone',
      objectName: account.displayName,
      isSuccess: true,
      info: {
        from: account.registrationPhone ? maskStoredPhone(account.registrationPhone) : null,
        to: maskStoredPhone(target),
      },
    });
  });
  return getAccountCenter(deps, auth.accountId);
}

type TActivationPayload = { k: 'formal' | 'extend'; d: number; exp: number | null; n: string; note?: string };

function signActivation(secretKey: string, body: string): string {
  return createHmac('sha256', `activation:${secretKey}`).update(body).digest('base64url');
}

/**
 * An activation code (operator command `activation-create`): `ACT1.<payload>.<signature>`, signed
 * with the server key, so that any replica checks it without a shared list. `formal` turns a trial
 * account formal, `extend` adds `extendDays` to its trial; `validDays` limits when it can be
 * redeemed. Redemptions are recorded (`activation_codes`), so a code serves once.
 */
export function issueActivationCode(
  secretKey: string,
  input: { kind: 'formal' | 'extend'; extendDays?: number; validDays?: number; note?: string },
  now: Date,
): string {
  const extendDays = input.kind === 'extend' ? (input.extendDays ?? 30) : 0;
  if (input.kind === 'extend' && !(Number.isInteger(extendDays) && extendDays > 0 && extendDays <= 3650)) {
    throw new Error('--extend-days is an integer from 1 to 3650');
  }
  const payload: TActivationPayload = {
    k: input.kind,
    d: extendDays,
    exp: input.validDays === undefined ? null : now.getTime() + input.validDays * dayMs,
    n: randomBytes(9).toString('base64url'),
    ...(input.note ? { note: input.note.slice(0, 200) } : {}),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `ACT1.${body}.${signActivation(secretKey, body)}`;
}

/** The payload of a well-signed activation code, or null. */
function readActivationCode(secretKey: string, code: string): TActivationPayload | null {
  const [version, body, mac] = code.split('.');
  if (version !== 'ACT1' || !body || !mac || code.split('.').length !== 3) return null;
  const expected = Buffer.from(signActivation(secretKey, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TActivationPayload;
    if (payload.k !== 'formal' && payload.k !== 'extend') return null;
    return payload;
  } catch {
    return null;
  }
}

/** A short fingerprint of a code for the audit log (never the code itself). */
function fingerprint(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex').slice(0, 12);
}

/**
 * Redeems an activation code for the session's account: an operator's code first; otherwise the
 * code is asked of the cloud marketplace, whose customer then belongs to this account. A refused
 * code leaves an audit entry of the failure.
 */
export async function activateAccount(
  deps: TDeps,
  auth: TAuth,
  rawCode: string,
  meta: TRequestMeta,
): Promise<TActivationResult> {
  const code = rawCode.trim();
  const now = deps.clock.now();
  const digest = deps.secrets.digest('activation-code', code);
  const account = await requireAccount(deps, auth.accountId);
  if (account.type === AccountType.formal) throw new AppError(ErrorCode.accountAlreadyFormal);

  const refuse = async (reason: string): Promise<never> => {
    await writeAudit(deps.db, {
      ...auditOf(auth, meta, now),
      action: 'account.activate',
      objectName: account.displayName,
      isSuccess: false,
      info: { reason, code: fingerprint(code) },
    });
    throw new AppError(ErrorCode.activationCodeInvalid);
  };

  const payload = readActivationCode(deps.config.secretKey, code);
  if (payload) {
    if (payload.exp !== null && payload.exp <= now.getTime()) return refuse('expired');
    const result = await deps.db.transaction(async (tx) => {
      const locked = await lockAccount(tx, auth.accountId);
      if (!locked) return 'unknown' as const;
      if (locked.type === AccountType.formal) return 'formal' as const;
      if (await findActivationCode(tx, digest)) return 'used' as const;
      const codeId = await insertActivationCode(tx, {
        codeHash: digest,
        kind: payload.k,
        extendDays: payload.d,
        note: payload.note ?? null,
        expiresAt: payload.exp === null ? null : new Date(payload.exp),
        usedByAccountId: auth.accountId,
        usedAt: now,
      });
      if (codeId === null) return 'used' as const;
      if (payload.k === 'formal') {
        await updateAccountColumns(tx, auth.accountId, { type: AccountType.formal }, now);
      } else {
        await updateAccountColumns(
          tx,
          auth.accountId,
          { trialExtensionDays: locked.trialExtensionDays + payload.d },
          now,
        );
      }
      await writeAudit(tx, {
        ...auditOf(auth, meta, now),
        action: 'account.activate',
        objectName: locked.displayName,
        isSuccess: true,
        info: { source: 'activation', effect: payload.k, extendDays: payload.d, codeId },
      });
      return 'done' as const;
    });
    if (result === 'formal') throw new AppError(ErrorCode.accountAlreadyFormal);
    if (result !== 'done') return refuse(result);
    return {
      source: 'activation',
      effect: payload.k,
      extendDays: payload.d,
      accountType: payload.k === 'formal' ? AccountType.formal : account.type,
    };
  }

  // Not a console activation code: only a cloud marketplace could know it. Without one on this
  // installation, the code is not valid here.
  if (adapterStates(deps.config).marketplace === 'unconfigured') return refuse('unknown');
  let customer: Awaited<ReturnType<TDeps['marketplace']['resolve']>> = null;
  try {
    customer = await deps.marketplace.resolve(code, null, AbortSignal.timeout(marketplaceTimeoutMs));
  } catch (error) {
    if (error instanceof MarketplaceRefusal && error.reason === 'expired') return refuse('expired');
    throw new AppError(ErrorCode.unavailable, { cause: error });
  }
  if (!customer) return refuse('unknown');
  const owner = await findAccountIdByMarketplaceCustomer(deps.db, customer.customerId, customer.awsAccountId);
  if (owner !== null && owner !== auth.accountId) return refuse('customerTaken');
  await deps.db.transaction(async (tx) => {
    const locked = await lockAccount(tx, auth.accountId);
    if (!locked) throw new AppError(ErrorCode.notFound);
    if (locked.type === AccountType.formal) throw new AppError(ErrorCode.accountAlreadyFormal);
    await updateAccountColumns(
      tx,
      auth.accountId,
      {
        type: AccountType.formal,
        marketplaceCustomerId: customer.customerId,
        marketplaceAwsAccountId: customer.awsAccountId,
        marketplaceLicenseArn: customer.licenseArn,
        marketplaceProductCode: customer.productCode,
        marketplaceCustomerIdentifier: customer.customerIdentifier,
      },
      now,
    );
    await writeAudit(tx, {
      ...auditOf(auth, meta, now),
      action: 'account.activate',
      objectName: locked.displayName,
      isSuccess: true,
      info: { source: 'marketplace', effect: 'formal', productCode: customer.productCode },
    });
  });
  return { source: 'marketplace', effect: 'formal', extendDays: 0, accountType: AccountType.formal };
}

/** The application to upgrade a trial account to the enterprise edition (once, until handled). */
export async function submitFormalApplication(
  deps: TDeps,
  auth: TAuth,
  input: TFormalApplicationRequest & { openService: number[] },
  meta: TRequestMeta,
): Promise<{ formalApplicationSubmitted: boolean }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, auth.accountId);
    if (!account) throw new AppError(ErrorCode.notFound);
    if (account.type === AccountType.formal) throw new AppError(ErrorCode.accountAlreadyFormal);
    if (account.formalApplicationSubmitted) throw new AppError(ErrorCode.formalApplicationPending);
    const id = await insertFormalApplication(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      contactName: input.username,
      company: input.company,
      email: input.email,
      openServices: input.openService,
      createdAt: now,
    });
    await updateAccountColumns(tx, auth.accountId, { formalApplicationSubmitted: true }, now);
    await writeAudit(tx, {
      ...auditOf(auth, meta, now),
      action: 'account.formalApplication',
      objectName: account.displayName,
      isSuccess: true,
      info: { applicationId: id, company: input.company, openService: input.openService },
    });
  });
  return { formalApplicationSubmitted: true };
}

/**
 * The back office's acts on an account (issue 40, items 2 and 3), each with a reason and audited
 * by `auditOperatorAccountAct` in the act's transaction, so that the installation's chain names
 * the operator and the account's own chain shows "Platform operator (role)" with the reason:
 * suspend (the account's sessions end; the account's status `stopped` keeps everyone out of sign-in
 * and the API) and resume, both told to its administrators; extend a trial; make formal; stop
 * requiring login protection (the mfa module's service); create an account and activation codes
 * (the account module's services, which the operator commands call too).
 */
import { ErrorCode } from '@console/contract/codes';
import { AccountStatus, AccountType, type TLanguage } from '@console/contract/enums';
import type { TOpsAccountActResult } from '@console/contract/ops';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import { adapterStates } from '../../adapters/registry';
import type { TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { lockAccount, setAccountStatus, updateAccountColumns } from '../account';
import { remainingTrialDays } from '../account/account.service';
import { revokeAccountSessions } from '../auth';
import { stopRequiringForAccount } from '../mfa';
import { auditOperatorAccountAct, type TOpsActor } from '../operator';
import { deliverMessage, emailTarget, phoneTarget, type TMessage } from '../verification';
import { accountAdministrators, fundsOf, type TAccountFacts } from './ops-accounts.repository';
import { editionOf, statusOf } from './ops-accounts.service';

type TActContext = { deps: TDeps; actor: TOpsActor; meta: TRequestMeta; log: FastifyBaseLogger };

function resultOf(
  account: Pick<TAccountFacts, 'status' | 'type' | 'createdAt' | 'trialExtensionDays' | 'mfaRequired'>,
  now: Date,
  extra: Partial<Pick<TOpsAccountActResult, 'endedSessions' | 'notified'>> = {},
): TOpsAccountActResult {
  return {
    status: statusOf(account.status),
    edition: editionOf(account.type),
    trialDaysLeft: remainingTrialDays(account, now),
    mfaRequired: account.mfaRequired,
    endedSessions: extra.endedSessions ?? 0,
    notified: extra.notified ?? [],
  };
}

/**
 * One act on a live (not deleted) account in one transaction: `change` checks and changes the
 * locked row and answers the row after it and what the audit entry adds.
 */
async function actOnAccount(
  ctx: TActContext,
  input: { accountId: number; reason: string; action: string },
  change: (
    tx: TDb,
    account: TAccountFacts,
    now: Date,
  ) => Promise<{ after: TAccountFacts; info: Record<string, unknown>; endedSessions?: number }>,
) {
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, input.accountId);
    if (!account) throw new AppError(ErrorCode.opsAccountNotFound);
    if (account.status === AccountStatus.deleted) throw new AppError(ErrorCode.opsAccountDeleted);
    const done = await change(tx, account, now);
    await auditOperatorAccountAct(tx, {
      actor: ctx.actor,
      accountId: account.id,
      action: input.action,
      objectType: 'account',
      objectId: String(account.id),
      objectName: account.displayName,
      reason: input.reason,
      info: done.info,
      meta: ctx.meta,
      at: now,
    });
    return { ...done, now };
  });
}

/** How an administrator is told: the edition's usual channel first, each only where it can go. */
function noticeOf(
  deps: TDeps,
  admin: { phone: string | null; phoneCode: string; email: string | null },
  kind: 'accountSuspended' | 'accountResumed',
  values: { account: string; reason: string },
): TMessage | null {
  const lang: TLanguage = deps.config.defaultLanguage;
  const phrases = serverPhrases[lang].mail;
  const all = { brand: phrases.brand, ...values };
  const states = adapterStates(deps.config);
  const email: TMessage | null =
    admin.email && states.email !== 'unconfigured'
      ? {
          channel: 'email',
          target: emailTarget(admin.email),
          subject: interpolate(phrases[kind].subject, all),
          text: phrases[kind].body.map((line) => interpolate(line, all)).join('\n\n'),
          code: null,
        }
      : null;
  const sms: TMessage | null =
    admin.phone && states.sms !== 'unconfigured'
      ? {
          channel: 'sms',
          target: phoneTarget(admin.phone, admin.phoneCode),
          subject: '',
          text: interpolate(phrases[kind].sms, all),
          code: null,
          template: { kind, values: { account: values.account } },
        }
      : null;
  return deps.config.edition === 'international' ? (email ?? sms) : (sms ?? email);
}

/**
 * Tells the account's administrators, after the commit (a message never tells of an act that did
 * not happen). A send that fails leaves the act as it is and an entry of the failure in both chains.
 */
async function tellAdministrators(
  ctx: TActContext,
  account: { id: number; displayName: string },
  kind: 'accountSuspended' | 'accountResumed',
  reason: string,
): Promise<TOpsAccountActResult['notified']> {
  const admins = await accountAdministrators(ctx.deps.db, account.id);
  const notified: TOpsAccountActResult['notified'] = [];
  for (const admin of admins) {
    const message = noticeOf(ctx.deps, admin, kind, { account: account.displayName, reason });
    if (!message) continue;
    try {
      await deliverMessage(ctx.deps, message, ctx.log, kind);
      notified.push({ username: admin.username, channel: message.channel });
    } catch (error) {
      await auditOperatorAccountAct(ctx.deps.db, {
        actor: ctx.actor,
        accountId: account.id,
        action: 'account.notice',
        objectType: 'account',
        objectId: String(account.id),
        objectName: account.displayName,
        isSuccess: false,
        reason: null,
        info: {
          notice: kind,
          user: admin.username,
          channel: message.channel,
          failure: error instanceof AppError ? error.code : 'failed',
        },
        meta: ctx.meta,
        at: ctx.deps.clock.now(),
      });
    }
  }
  return notified;
}

/** Suspends the account: status `stopped`, every session of its users ends, its administrators are told. */
export async function suspendAccount(
  ctx: TActContext,
  input: { accountId: number; reason: string },
): Promise<TOpsAccountActResult> {
  const done = await actOnAccount(ctx, { ...input, action: 'account.suspend' }, async (tx, account, now) => {
    if (account.status === AccountStatus.stopped) throw new AppError(ErrorCode.opsAccountSuspended);
    await setAccountStatus(tx, account.id, AccountStatus.stopped, now);
    const endedSessions = await revokeAccountSessions(tx, {
      accountId: account.id,
      now,
      reason: 'account_stopped',
    });
    return {
      after: { ...account, status: AccountStatus.stopped },
      info: { from: statusOf(account.status), to: 'suspended', endedSessions },
      endedSessions,
    };
  });
  const notified = await tellAdministrators(ctx, done.after, 'accountSuspended', input.reason);
  return resultOf(done.after, done.now, { endedSessions: done.endedSessions ?? 0, notified });
}

/** Resumes a suspended account: normal again, or in arrears when it still owes money. */
export async function resumeAccount(
  ctx: TActContext,
  input: { accountId: number; reason: string },
): Promise<TOpsAccountActResult> {
  const done = await actOnAccount(ctx, { ...input, action: 'account.resume' }, async (tx, account, now) => {
    if (account.status !== AccountStatus.stopped) throw new AppError(ErrorCode.opsAccountNotSuspended);
    const money = await fundsOf(tx, account.id, now);
    const status = money.outstandingFen > 0 ? AccountStatus.owe : AccountStatus.normal;
    await setAccountStatus(tx, account.id, status, now);
    return { after: { ...account, status }, info: { from: 'suspended', to: statusOf(status) } };
  });
  const notified = await tellAdministrators(ctx, done.after, 'accountResumed', input.reason);
  return resultOf(done.after, done.now, { notified });
}

export async function extendTrial(
  ctx: TActContext,
  input: { accountId: number; days: number; reason: string },
): Promise<TOpsAccountActResult> {
  const done = await actOnAccount(
    ctx,
    { ...input, action: 'account.extendTrial' },
    async (tx, account, now) => {
      if (account.type !== AccountType.trial) throw new AppError(ErrorCode.opsAccountNotTrial);
      const trialExtensionDays = account.trialExtensionDays + input.days;
      await updateAccountColumns(tx, account.id, { trialExtensionDays }, now);
      return {
        after: { ...account, trialExtensionDays },
        info: { days: input.days, from: account.trialExtensionDays, to: trialExtensionDays },
      };
    },
  );
  return resultOf(done.after, done.now);
}

export async function makeFormal(
  ctx: TActContext,
  input: { accountId: number; reason: string },
): Promise<TOpsAccountActResult> {
  const done = await actOnAccount(ctx, { ...input, action: 'account.formal' }, async (tx, account, now) => {
    if (account.type !== AccountType.trial) throw new AppError(ErrorCode.opsAccountNotTrial);
    await updateAccountColumns(tx, account.id, { type: AccountType.formal }, now);
    return { after: { ...account, type: AccountType.formal }, info: { source: 'operator', from: 'trial' } };
  });
  return resultOf(done.after, done.now);
}

/** Stops requiring login protection (the mfa module's act, which `mfa-requirement off` runs too). */
export async function stopMfaRequirement(
  ctx: TActContext,
  input: { accountId: number; reason: string },
  account: TAccountFacts,
): Promise<TOpsAccountActResult> {
  if (account.status === AccountStatus.deleted) throw new AppError(ErrorCode.opsAccountDeleted);
  const stopped = await stopRequiringForAccount(ctx.deps, input.accountId, (tx, locked, now) =>
    auditOperatorAccountAct(tx, {
      actor: ctx.actor,
      accountId: locked.id,
      action: 'account.mfaPolicy',
      objectType: 'account',
      objectId: String(locked.id),
      objectName: locked.displayName,
      reason: input.reason,
      info: { required: false, by: 'operator' },
      meta: ctx.meta,
      at: now,
    }),
  );
  if (!stopped) throw new AppError(ErrorCode.opsAccountNotFound);
  if (!stopped.isChanged) throw new AppError(ErrorCode.opsMfaNotRequired);
  return resultOf({ ...account, mfaRequired: false }, ctx.deps.clock.now());
}

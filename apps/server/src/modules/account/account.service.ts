import { randomInt } from 'node:crypto';
import type { TAccountBaseInfo, TAccountDetail, TCheckBill } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { AccountType } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import { Patterns } from '@console/contract/patterns';
import { checkAccountName, checkUsername } from '@console/contract/rules';
import type { TConfig } from '../../config';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { billingApplies } from '../../lib/billing-applies';
import { writeAudit } from '../audit';
import { grantRole, insertUser } from '../user';
import { emailTarget, phoneTarget } from '../verification/code.service';
import {
  createAccountWithRoles,
  findAccountById,
  findAccountClash,
  type TAccountRow,
} from './account.repository';

import { remainingTrialDays, trialPeriodDays } from './account-trial';

export { remainingTrialDays, trialPeriodDays };

const dayMs = 86_400_000;

/** `<account name>.accounts.<console host>`, with the console's scheme and port. */
export function loginAddressOf(config: TConfig, accountName: string): string {
  const url = new URL(config.publicUrl);
  url.hostname = `${accountName.toLowerCase()}.accounts.${url.hostname}`;
  return url.origin;
}

async function requireAccount(deps: TDeps, accountId: number): Promise<TAccountRow> {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw new AppError(ErrorCode.notFound);
  return account;
}

export async function getAccountDetail(deps: TDeps, accountId: number): Promise<TAccountDetail> {
  const account = await requireAccount(deps, accountId);
  const isTrial = account.type === AccountType.trial;
  return {
    accountVo: {
      id: account.id,
      name: account.name,
      displayName: account.displayName,
      type: account.type,
      status: account.status,
      companyName: account.companyName,
      createTime: account.createdAt.toISOString(),
    },
    loginAddress: loginAddressOf(deps.config, account.name),
    formalApplicationSubmitted: account.formalApplicationSubmitted,
    remainingTrialDays: remainingTrialDays(account, deps.clock.now()),
    trialEndTime: isTrial
      ? new Date(account.createdAt.getTime() + trialPeriodDays(account) * dayMs).toISOString()
      : null,
  };
}

export async function getAccountBaseInfo(deps: TDeps, accountId: number): Promise<TAccountBaseInfo> {
  const account = await requireAccount(deps, accountId);
  return {
    id: account.id,
    name: account.name,
    displayName: account.displayName,
    type: account.type,
    status: account.status,
    loginAddress: loginAddressOf(deps.config, account.name),
    // Kept for API clients that read it; the console decides by checkBill.
    billingEnabled: billingApplies(deps.config, account),
  };
}

/** `GET /account/checkBill`: whether billing applies to the account, and why not. */
export async function checkBill(deps: TDeps, accountId: number): Promise<TCheckBill> {
  const account = await requireAccount(deps, accountId);
  return {
    billingEnabled: billingApplies(deps.config, account),
    isFeatureEnabled: deps.config.features.cruBilling,
    isAccountBilled: account.billingEnabled,
  };
}

export type TOperatorAccountInput = {
  accountName: string;
  adminUsername: string;
  email: string | null;
  /** Mainland number, or `+<code> <number>` elsewhere. */
  phone: string | null;
  isFormal: boolean;
};

export type TOperatorAccount = {
  accountId: number;
  accountName: string;
  loginAddress: string;
  adminUsername: string;
  /** Shown once to the operator; the administrator must replace it at the first sign-in (5066). */
  initialPassword: string;
};

/** A password no account policy refuses: 20 characters of all four classes, spread at random. */
export function generateInitialPassword(): string {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '@#%+=?!'];
  const chars = classes.map((set) => set[randomInt(set.length)] as string);
  const all = classes.join('');
  while (chars.length < 20) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/**
 * Why an operator's account request is refused, in the operator's words; `kind` tells the back
 * office which code to answer (a name or contact taken, or input the command did not check).
 */
export class OperatorInputError extends Error {
  constructor(
    message: string,
    readonly kind: 'input' | 'nameTaken' | 'contactTaken' = 'input',
  ) {
    super(message);
  }
}

/** The audit of a created account, written in its transaction (the back office names its operator). */
export type TAccountCreatedAudit = (
  tx: TDb,
  created: { accountId: number; accountName: string; info: Record<string, unknown> },
  now: Date,
) => Promise<void>;

function parseOperatorPhone(raw: string): { phone: string; phoneCode: string } {
  const match = /^\+?(\d{1,4})\s+(\d{4,16})$/.exec(raw.trim());
  if (match) return { phoneCode: match[1] as string, phone: match[2] as string };
  const phone = raw.trim();
  if (!Patterns.mainlandPhone.test(phone)) {
    throw new OperatorInputError(
      '--phone must be a mainland number (13800000000) or "+<country code> <number>"',
    );
  }
  return { phoneCode: '86', phone };
}

/**
 * The first account of an installation without self-registration (`npm run cli -- account-create`):
 * the account with its roles and its administrator, who signs in with a one-time password and must
 * replace it at once; the phone or e-mail given receives the code of that replacement. Audited in
 * the installation's chain and in the new account's own chain, in the one transaction (by `audit`
 * when the back office's operator creates it, with the system as actor otherwise).
 */
export async function createAccountByOperator(
  deps: TDeps,
  input: TOperatorAccountInput,
  audit?: TAccountCreatedAudit,
): Promise<TOperatorAccount> {
  const accountName = input.accountName.trim().toLowerCase();
  const nameProblem = checkAccountName(accountName);
  if (nameProblem) {
    throw new OperatorInputError(
      `the account name must be letters only, at most ${Limits.accountNameMax} (${nameProblem})`,
    );
  }
  const usernameProblem = checkUsername(input.adminUsername);
  if (usernameProblem) {
    throw new OperatorInputError(
      `--admin must start with a letter, then letters, digits or _, ${Limits.usernameMin} to ${Limits.usernameMax} characters`,
    );
  }
  const email = input.email === null ? null : emailTarget(input.email);
  if (email !== null && !Patterns.email.test(email))
    throw new OperatorInputError('--email is not an e-mail address');
  const phone = input.phone === null ? null : parseOperatorPhone(input.phone);
  if (email === null && phone === null) {
    throw new OperatorInputError(
      '--email or --phone is required: the first sign-in asks for a new password, confirmed by a code sent there',
    );
  }
  const registrationPhone = phone ? phoneTarget(phone.phone, phone.phoneCode) : null;
  const clash = await findAccountClash(deps.db, { name: accountName, phone: registrationPhone, email });
  if (clash === 'name')
    throw new OperatorInputError(`an account named ${accountName} exists already`, 'nameTaken');
  if (clash === 'phone')
    throw new OperatorInputError('that phone number is registered to another account', 'contactTaken');
  if (clash === 'email')
    throw new OperatorInputError('that e-mail address is registered to another account', 'contactTaken');

  const initialPassword = generateInitialPassword();
  const passwordHash = await deps.hasher.hash(initialPassword);
  const now = deps.clock.now();
  const accountId = await deps.db.transaction(async (tx) => {
    const created = await createAccountWithRoles(tx, {
      name: accountName,
      displayName: accountName,
      type: input.isFormal ? AccountType.formal : AccountType.trial,
      createdAt: now,
      registrationPhone,
      registrationEmail: email,
    });
    const userId = await insertUser(tx, {
      accountId: created.accountId,
      username: input.adminUsername,
      passwordHash,
      phone: phone?.phone ?? null,
      phoneCode: phone?.phoneCode ?? '86',
      email,
      mustResetPassword: true,
    });
    await grantRole(tx, created.accountId, userId, created.roleIds.account_admin, null);
    const info = {
      by: 'operator',
      account: accountName,
      admin: input.adminUsername,
      type: input.isFormal ? 'formal' : 'trial',
    };
    if (audit) {
      await audit(tx, { accountId: created.accountId, accountName, info }, now);
      return created.accountId;
    }
    for (const chain of [null, created.accountId]) {
      await writeAudit(tx, {
        accountId: chain,
        userId: null,
        username: null,
        action: 'account.create',
        objectType: 'account',
        objectId: String(created.accountId),
        objectName: accountName,
        isSuccess: true,
        info,
        createdAt: now,
      });
    }
    return created.accountId;
  });
  return {
    accountId,
    accountName,
    loginAddress: loginAddressOf(deps.config, accountName),
    adminUsername: input.adminUsername,
    initialPassword,
  };
}

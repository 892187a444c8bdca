import type { TAccountBaseInfo, TAccountDetail } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { AccountType } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import type { TConfig } from '../../config';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { findAccountById, type TAccountRow } from './account.repository';

const dayMs = 86_400_000;

/** `<account name>.accounts.<console host>`, with the console's scheme and port. */
export function loginAddressOf(config: TConfig, accountName: string): string {
  const url = new URL(config.publicUrl);
  url.hostname = `${accountName.toLowerCase()}.accounts.${url.hostname}`;
  return url.origin;
}

/** Days of the account's trial: the 30 of the trial period plus those added by activation codes. */
export function trialPeriodDays(account: { trialExtensionDays?: number }): number {
  return Limits.trialDays + (account.trialExtensionDays ?? 0);
}

/**
 * Remaining trial days: 30 (plus any extension) minus the days since creation (with two decimals,
 * so that the console can show "less than 1 day"), 0 once the period has passed; null when the
 * account is not on trial.
 */
export function remainingTrialDays(
  account: Pick<TAccountRow, 'type' | 'createdAt'> & { trialExtensionDays?: number },
  now: Date,
): number | null {
  if (account.type !== AccountType.trial) return null;
  const period = trialPeriodDays(account);
  const passed = (now.getTime() - account.createdAt.getTime()) / dayMs;
  if (passed >= period) return 0;
  return Math.floor((period - Math.max(0, passed)) * 100) / 100;
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
    billingEnabled: deps.config.features.cruBilling && account.billingEnabled,
  };
}

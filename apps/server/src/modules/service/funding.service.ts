/**
 * Actions that need funds (decision 0019): opening an instance of a formal (paid) version, again
 * after a failed opening, and enabling Insight users on a formal instance answer 4070 (insufficient
 * balance) while the account is in arrears where billing applies. Trial versions are free, and
 * what lowers the cost (closing, disabling) is never refused.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { isInArrears } from '../../lib/billing-applies';
import { findAccountBillingState, findVersionCode } from './funding.repository';

export type TVersionCode = 'trial' | 'formal';

/** Throws 4070 when an action on a `version` instance needs funds the account lacks. */
export async function requireFundsFor(
  deps: Pick<TDeps, 'config'>,
  db: TDb,
  accountId: number,
  version: string,
): Promise<void> {
  if (version !== 'formal') return;
  const account = await findAccountBillingState(db, accountId);
  if (account && isInArrears(deps.config, account)) throw new AppError(ErrorCode.insufficientBalance);
}

/** As `requireFundsFor`, for a version named by its id (opening an instance). */
export async function requireFundsForVersion(
  deps: Pick<TDeps, 'config' | 'db'>,
  accountId: number,
  serviceId: number,
  versionId: number,
): Promise<void> {
  const version = await findVersionCode(deps.db, serviceId, versionId);
  if (version) await requireFundsFor(deps, deps.db, accountId, version);
}

/**
 * Applications for a formal account ("upgrade to the enterprise edition", the spec's
 * `formal/application`) as the back office's review queue sees them, and their decision: the
 * account becomes formal (as an activation code of kind `formal` or `account-create --formal`
 * makes it), or the application is declined with a reason and the customer may apply again.
 * Decisions run inside the caller's transaction, so that the back office checks its claim and
 * writes its audit entries in the same one.
 */

import { AccountType } from '@console/contract/enums';
import type { TFormalDeclineReason } from '@console/contract/review-reasons';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { findAccountById, type TAccountRow } from './account.repository';
import { lockAccount, updateAccountColumns } from './account-center.repository';
import { remainingTrialDays } from './account-trial';
import {
  countUsers,
  decideApplication,
  findApplication,
  listSubmittedApplications,
  type TFormalApplicationListRow,
  type TFormalApplicationRow,
} from './formal-application.repository';

export type { TFormalApplicationListRow, TFormalApplicationRow } from './formal-application.repository';

/** The applications waiting for an operator, oldest first. */
export function listFormalApplicationsForReview(deps: TDeps): Promise<TFormalApplicationListRow[]> {
  return listSubmittedApplications(deps.db);
}

export function findFormalApplication(db: TDb, id: number): Promise<TFormalApplicationListRow | null> {
  return findApplication(db, id);
}

export type TAccountFacts = {
  account: TAccountRow;
  trialDaysLeft: number | null;
  users: number;
};

/** The facts an operator reads beside an application. */
export async function accountFactsOf(deps: TDeps, accountId: number): Promise<TAccountFacts | null> {
  const account = await findAccountById(deps.db, accountId);
  if (!account) return null;
  const left = remainingTrialDays(account, deps.clock.now());
  return {
    account,
    trialDaysLeft: left === null ? null : Math.ceil(left),
    users: await countUsers(deps.db, accountId),
  };
}

/**
 * Makes the account formal inside the caller's transaction (the account row locked); answers
 * whether it was not formal before, and the account. A pending application's flag is cleared.
 */
export async function makeAccountFormalIn(
  tx: TDb,
  accountId: number,
  now: Date,
): Promise<{ wasFormal: boolean; account: TAccountRow } | null> {
  const account = await lockAccount(tx, accountId);
  if (!account) return null;
  const wasFormal = account.type === AccountType.formal;
  await updateAccountColumns(
    tx,
    accountId,
    { ...(wasFormal ? {} : { type: AccountType.formal }), formalApplicationSubmitted: false },
    now,
  );
  return { wasFormal, account };
}

export type TFormalDecision =
  | { approve: true }
  | { approve: false; reasonCode: TFormalDeclineReason; note: string | null };

/**
 * The decision inside the caller's transaction: a submitted application is approved (the account
 * becomes formal) or declined with the reason (the account may apply again). Anything else is left
 * as it is (null).
 */
export async function decideFormalApplicationIn(
  tx: TDb,
  id: number,
  decision: TFormalDecision,
  now: Date,
): Promise<{ application: TFormalApplicationRow; account: TAccountRow; wasFormal: boolean } | null> {
  const current = await findApplication(tx, id);
  if (current?.status !== 'submitted') return null;
  const account = await lockAccount(tx, current.accountId);
  if (!account) return null;
  const application = await decideApplication(
    tx,
    id,
    decision.approve
      ? { status: 'approved', reasonCode: null, reasonNote: null }
      : { status: 'declined', reasonCode: decision.reasonCode, reasonNote: decision.note },
    now,
  );
  if (!application) return null;
  if (decision.approve) {
    const made = await makeAccountFormalIn(tx, current.accountId, now);
    return { application, account, wasFormal: made?.wasFormal ?? false };
  }
  await updateAccountColumns(tx, current.accountId, { formalApplicationSubmitted: false }, now);
  return { application, account, wasFormal: account.type === AccountType.formal };
}

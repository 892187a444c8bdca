/**
 * Recovery without a session. Accounts and usernames are revealed only after a code sent to the
 * phone or e-mail was verified (a checkToken of the purpose, for that very target). The reset
 * lookup answers the same way whether or not the names exist: it shows masked addresses — real
 * ones, or consistent decoys — and an opaque `lookupId` that addresses the codes; a decoy's codes
 * are never delivered and never verify (the lookup's id and decoys are verification's, which
 * sends the codes: `resetLookupOf`, `decoyLookupOf`).
 *
 * Each runs under the limits of the client's address (decision 0012, scope `recovery`): refused
 * proofs count, and so does every reset lookup (whether it found someone cannot count: that would
 * tell); the reset lookup needs the image captcha after many, and all answer 429 while blocked.
 */

import type { TFoundAccount, TFoundUsernames, TResetLookup } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuthMethod } from '@console/contract/enums';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { loginAddressOf } from '../account/account.service';
import {
  countFailure,
  guardAddress,
  type TAddressCaller,
  underAddressLimit,
} from '../address-limit/address-limit.service';
import type { TCaptchaAnswer } from '../captcha';
import { consumeCheckToken, decoyLookupOf, emailTarget, phoneTarget, resetLookupOf } from '../verification';
import {
  findAccountsByContact,
  findUserByNames,
  findUsernamesByContact,
  type TContact,
} from './recovery.repository';

/** Where the codes of a verified lookup may go, as an exact target. */
function targetOfContact(
  registerType: 'phone' | 'email',
  registerData: string,
  phoneCode?: string,
): TContact {
  return registerType === 'phone'
    ? { channel: 'sms', target: phoneTarget(registerData, phoneCode) }
    : { channel: 'email', target: emailTarget(registerData) };
}

/** The client of a recovery call. */
export type TRecoveryCaller = Omit<TAddressCaller, 'scope'>;

/** Refusals of a proof (unknown, spent, expired, another target): count on the address. */
const refusedProof: readonly number[] = [
  ErrorCode.codeAlreadyUsed,
  ErrorCode.verificationFailed,
  ErrorCode.codeExpired,
];

/** Runs a lookup by a verified code under the address limits (its proof's refusals count). */
function underRecoveryLimit<T>(deps: TDeps, caller: TRecoveryCaller, run: () => Promise<T>): Promise<T> {
  return underAddressLimit(
    deps,
    { ...caller, scope: 'recovery' },
    { isFailure: (error) => refusedProof.includes(error.code) },
    run,
  );
}

/** Spends a checkToken that must prove `purpose` for exactly this phone or e-mail. */
async function requireVerified(
  deps: TDeps,
  checkToken: string,
  purpose: TAuthMethod,
  contact: TContact,
): Promise<void> {
  const checked = await consumeCheckToken(deps, checkToken, [purpose]);
  if (checked.channel !== contact.channel || checked.target !== contact.target) {
    throw new AppError(ErrorCode.verificationFailed);
  }
}

export async function findAccounts(
  deps: TDeps,
  body: { registerData: string; registerType: 'phone' | 'email'; phoneCode?: string | undefined },
  checkToken: string,
  caller: TRecoveryCaller,
): Promise<TFoundAccount[]> {
  const contact = targetOfContact(body.registerType, body.registerData, body.phoneCode);
  await underRecoveryLimit(deps, caller, () =>
    requireVerified(deps, checkToken, 'FIND_ACCOUNT_FORM', contact),
  );
  const rows = await findAccountsByContact(deps.db, contact);
  return rows.map((r) => ({
    name: r.name,
    displayName: r.displayName,
    loginAddress: loginAddressOf(deps.config, r.name),
  }));
}

export async function findUsernames(
  deps: TDeps,
  body: {
    accountName: string;
    registerData: string;
    registerType: 'phone' | 'email';
    phoneCode?: string | undefined;
  },
  checkToken: string,
  caller: TRecoveryCaller,
): Promise<TFoundUsernames> {
  const contact = targetOfContact(body.registerType, body.registerData, body.phoneCode);
  await underRecoveryLimit(deps, caller, () =>
    requireVerified(deps, checkToken, 'FIND_USERNAME_FORM', contact),
  );
  const found = await findUsernamesByContact(deps.db, body.accountName.trim().toLowerCase(), contact);
  const usernames = [...new Set(found)];
  return { usernames, count: usernames.length };
}

// ---- the reset lookup ----------------------------------------------------------------------

export async function lookupForReset(
  deps: TDeps,
  accountName: string,
  username: string,
  caller: TRecoveryCaller,
  captcha: TCaptchaAnswer,
): Promise<TResetLookup> {
  // Every lookup counts, found or not, and alike: the address's count must not tell them apart.
  const limited = { ...caller, scope: 'recovery' } as const;
  await guardAddress(deps, limited, { captcha });
  await countFailure(deps, limited);
  const name = accountName.trim().toLowerCase();
  const login = username.trim().toLowerCase();
  const user = await findUserByNames(deps.db, name, login);
  const lookup = user ? resetLookupOf(deps, user) : decoyLookupOf(deps, name, login);
  return { accountId: null, id: null, ...lookup };
}

/**
 * The account's login-protection policy: whether every user must pass a second step at sign-in,
 * and whether users may sign in with a passkey alone.
 *
 * Requiring a second step of every user is a switch that could lock the whole account out (an
 * installation that can send no code, users with nothing to answer one with). So it turns on only
 * when every enabled regular user can complete a second step with what this installation and the
 * user have, and with the administrator's own second step proven in the same request; the read
 * says in advance whether it can, why not, and how many users will be asked to set protection up
 * at their next sign-in. Turning it off can lock no one out and needs no proof.
 */
import type { TAuthCodeType, TMfaEnforcement, TMfaPolicy, TSaveMfaPolicyRequest } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TMfaMethodType } from '@console/contract/enums';
import { adapterStates } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { matchTotp } from '../../lib/totp';
import { findAccountById, findAccountByName, lockAccount } from '../account';
import { writeAudit } from '../audit';
import { consumeCheckToken } from '../verification';
import {
  consumeChallenge,
  groupSecondStepFacts,
  setAccountMfaPolicy,
  type TMfaUser,
  type TSecondStepFacts,
  updateUserMfa,
} from './mfa.repository';
import {
  auditOf,
  decryptFor,
  isGaBound,
  isInternational,
  liveChallenge,
  requireTotp,
  requireUser,
  targetOf,
} from './mfa-challenge.service';

/** What this installation offers for a second step: authenticator apps, or codes by the configured channels. */
export type TSecondStepWays = { isInternational: boolean; sms: boolean; email: boolean };

export function secondStepWays(deps: TDeps): TSecondStepWays {
  const states = adapterStates(deps.config);
  return {
    isInternational: isInternational(deps),
    // A development stand-in delivers (outside production, or DEV_ADAPTERS=1): it counts.
    sms: states.sms !== 'unconfigured',
    email: states.email !== 'unconfigured',
  };
}

/**
 * Where a user stands once every sign-in needs a second step: `ready` passes one as things are,
 * `setUp` is asked to set protection up at the next sign-in and can, `blocked` could not complete
 * one. A passkey always answers. In the international edition a user without an authenticator app
 * binds one at the second step of the sign-in (`getMfaCode` with the sign-in's id), which needs
 * nothing of the installation. In the domestic edition the second step is a code by SMS or e-mail:
 * it needs a configured channel to a phone or e-mail address of the user's.
 */
export function secondStepOf(facts: TSecondStepFacts, ways: TSecondStepWays): 'ready' | 'setUp' | 'blocked' {
  if (facts.hasPasskey) return 'ready';
  if (ways.isInternational) return facts.isGaBound ? 'ready' : 'setUp';
  const isReachable = (facts.hasPhone && ways.sms) || (facts.hasEmail && ways.email);
  if (!isReachable) return 'blocked';
  return facts.mfaEnabled ? 'ready' : 'setUp';
}

/** How the administrator can prove a second step of their own: their authenticator, or a code to a configured channel. */
function proofOf(admin: TMfaUser, ways: TSecondStepWays): Pick<TMfaEnforcement, 'proof' | 'proofChannels'> {
  if (ways.isInternational) return { proof: isGaBound(admin) ? 'GA' : null, proofChannels: [] };
  const channels: TAuthCodeType[] = [];
  if (admin.phone && ways.sms) channels.push('SMS');
  if (admin.email && ways.email) channels.push('EMAIL');
  return { proof: channels.length > 0 ? 'CODE' : null, proofChannels: channels };
}

/** Whether the administrator of `auth` can require login protection of every user now, and what it would mean. */
export async function enforcementOf(deps: TDeps, auth: TAuth): Promise<TMfaEnforcement> {
  const ways = secondStepWays(deps);
  const [admin, groups] = await Promise.all([
    requireUser(deps, auth.accountId, auth.userId),
    groupSecondStepFacts(deps.db, auth.accountId, auth.userId),
  ]);
  let blockedUsers = 0;
  let usersToSetUp = 0;
  const blockedNames: string[] = [];
  for (const group of groups) {
    const standing = secondStepOf(group, ways);
    if (standing === 'blocked') {
      blockedUsers += group.count;
      blockedNames.push(...group.usernames);
    } else if (standing === 'setUp') usersToSetUp += group.count;
  }
  const proof = proofOf(admin, ways);
  const blockedBy =
    blockedUsers > 0
      ? ErrorCode.mfaEnforcementUsersBlocked
      : proof.proof === null
        ? ways.isInternational
          ? ErrorCode.mfaEnforcementNoAuthenticator
          : ErrorCode.mfaEnforcementNoCodeChannel
        : null;
  return {
    isPossible: blockedBy === null,
    blockedBy,
    blockedUsers,
    blockedUsernames: blockedNames.sort((a, b) => a.localeCompare(b)).slice(0, 5),
    usersToSetUp,
    ...proof,
  };
}

export async function getMfaPolicy(deps: TDeps, auth: TAuth): Promise<TMfaPolicy> {
  const account = await findAccountById(deps.db, auth.accountId);
  return {
    required: account?.mfaRequired ?? false,
    passkeySignIn: account?.passkeySignIn ?? false,
    enforcement: auth.isAdmin ? await enforcementOf(deps, auth) : null,
  };
}

/** The administrator's second step, proven for turning the requirement on; what it changes with it. */
type TProof = {
  admin: TMfaUser;
  method: TMfaMethodType;
  /** Users who will be asked to set up protection at their next sign-in (for the audit entry). */
  usersToSetUp: number;
  /** The status challenge the authenticator code came under: spent with the change. */
  challengeId: number | null;
  /** The administrator's own protection, updated with the change (the code's step; on, by the channel proven). */
  update: Parameters<typeof updateUserMfa>[3] | null;
};

/**
 * Refuses to require login protection while it could lock someone out (4165–4167), then checks
 * the administrator's own second step sent with the request (4168 without one): the current code
 * of their authenticator app under a status challenge, or the checkToken of a code sent to their
 * phone or e-mail. Nothing is spent before the refusals.
 */
async function proveEnforcement(
  deps: TDeps,
  auth: TAuth,
  body: TSaveMfaPolicyRequest,
  checkToken: string | undefined,
): Promise<TProof> {
  const enforcement = await enforcementOf(deps, auth);
  if (enforcement.blockedBy !== null) {
    const params = { count: enforcement.blockedUsers, names: enforcement.blockedUsernames };
    throw new AppError(enforcement.blockedBy, {
      params,
      data: { blockedUsers: enforcement.blockedUsers, blockedUsernames: enforcement.blockedUsernames },
    });
  }
  const admin = await requireUser(deps, auth.accountId, auth.userId);
  if (enforcement.proof === 'GA') {
    if (!body.uniqueId || !body.code || !admin.totpSecret)
      throw new AppError(ErrorCode.mfaEnforcementProofRequired);
    const challenge = await liveChallenge(deps, body.uniqueId, 'status', {
      accountId: admin.accountId,
      userId: admin.id,
    });
    const code = await decryptFor(deps, challenge, body.code);
    const step = await requireTotp(
      deps,
      challenge,
      matchTotp(deps.secrets.open(admin.totpSecret), code, deps.clock.now(), admin.totpLastStep),
    );
    return {
      admin,
      method: 'GA',
      usersToSetUp: enforcement.usersToSetUp,
      challengeId: challenge.id,
      update: { totpLastStep: step },
    };
  }
  if (!checkToken) throw new AppError(ErrorCode.mfaEnforcementProofRequired);
  const checked = await consumeCheckToken(deps, checkToken, ['MFA_STATUS']);
  const method = checked.channel === 'sms' ? 'PHONE' : 'EMAIL';
  const target = targetOf(admin, method);
  const isOffered = enforcement.proofChannels.includes(checked.channel === 'sms' ? 'SMS' : 'EMAIL');
  if (
    !target ||
    !isOffered ||
    checked.userId !== admin.id ||
    checked.accountId !== admin.accountId ||
    checked.target !== target.target
  ) {
    throw new AppError(ErrorCode.verificationFailed);
  }
  // The code that reached the administrator is the second step their sign-ins will ask for: their
  // own protection is on from now, by that channel (as modifyMfaStatus would turn it on).
  return {
    admin,
    method,
    usersToSetUp: enforcement.usersToSetUp,
    challengeId: null,
    update: admin.mfaEnabled ? null : { mfaEnabled: true, mfaMethod: method },
  };
}

/**
 * Saves the policy. Requiring login protection (from not required) is refused while a user could
 * not complete a second step, and needs the administrator's own second step in the same request;
 * the change, the administrator's own protection and their audit entries share one transaction.
 */
export async function saveMfaPolicy(
  deps: TDeps,
  auth: TAuth,
  body: TSaveMfaPolicyRequest,
  checkToken: string | undefined,
  meta: TRequestMeta,
): Promise<TMfaPolicy> {
  const account = await findAccountById(deps.db, auth.accountId);
  const isTurningOn = body.required && account?.mfaRequired !== true;
  const proof = isTurningOn ? await proveEnforcement(deps, auth, body, checkToken) : null;
  const now = deps.clock.now();
  const policy = { required: body.required, passkeySignIn: body.passkeySignIn };
  await deps.db.transaction(async (tx) => {
    await setAccountMfaPolicy(tx, auth.accountId, policy, now);
    if (proof?.challengeId) await consumeChallenge(tx, proof.challengeId, now);
    if (proof?.update) {
      await updateUserMfa(tx, auth.accountId, auth.userId, proof.update, now);
      if (proof.update.mfaEnabled) {
        await writeAudit(
          tx,
          auditOf(proof.admin, 'mfa.enable', { method: proof.method, during: 'policy' }, meta, now),
        );
      }
    }
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'account.mfaPolicy',
      objectType: 'account',
      objectId: String(auth.accountId),
      isSuccess: true,
      info: {
        required: body.required,
        passkeySignIn: body.passkeySignIn,
        ...(proof ? { proof: proof.method, usersToSetUp: proof.usersToSetUp } : {}),
      },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return getMfaPolicy(deps, auth);
}

/** The audit of an operator's change, written in its transaction (the back office names its operator). */
export type TOperatorPolicyAudit = (
  tx: TDb,
  account: { id: number; displayName: string },
  now: Date,
) => Promise<void>;

/**
 * An operator stops requiring login protection of an account's users: the way back for an account
 * that required it before this rule was kept, or whose installation later lost the channel its
 * users' codes went by. Audited in the account's chain (by `audit` when the back office's operator
 * acts, with the operator command as actor otherwise). Answers null for an unknown account, and
 * whether anything changed.
 */
export async function stopRequiringByOperator(
  deps: TDeps,
  accountName: string,
): Promise<{ accountId: number; isChanged: boolean } | null> {
  const account = await findAccountByName(deps.db, accountName);
  if (!account) return null;
  return stopRequiringForAccount(deps, account.id);
}

export async function stopRequiringForAccount(
  deps: TDeps,
  accountId: number,
  audit?: TOperatorPolicyAudit,
): Promise<{ accountId: number; isChanged: boolean } | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    if (!account) return null;
    if (!account.mfaRequired) return { accountId, isChanged: false };
    await setAccountMfaPolicy(tx, accountId, { required: false }, now);
    if (audit) {
      await audit(tx, { id: accountId, displayName: account.displayName }, now);
    } else {
      await writeAudit(tx, {
        accountId,
        userId: null,
        username: null,
        action: 'account.mfaPolicy',
        objectType: 'account',
        objectId: String(accountId),
        isSuccess: true,
        info: { required: false, by: 'operator' },
        ip: null,
        requestId: null,
        createdAt: now,
      });
    }
    return { accountId, isChanged: true };
  });
}

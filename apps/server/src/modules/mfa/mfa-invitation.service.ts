/**
 * Login protection bound while accepting an invitation, for accounts that require it of every
 * user: in the international edition an authenticator app, bound like one's own (a secret under a
 * bind challenge, confirmed by its first code, sent encrypted); in the domestic edition the phone
 * or e-mail address that received the invitation link counts as proven, so protection by a code
 * to it is turned on. The invitation's acceptance applies the result in its own transaction.
 */
import type { TMfaCode } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TMfaMethodType } from '@console/contract/enums';
import type { TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { createTotpSecret, matchTotp } from '../../lib/totp';
import { consumeChallenge, updateUserMfa } from './mfa.repository';
import { bindMaterial } from './mfa-binding.service';
import {
  createChallenge,
  decryptFor,
  liveChallenge,
  requireInternational,
  requireTotp,
  requireUser,
} from './mfa-challenge.service';

type TInvitee = { accountId: number; userId: number };

/** What accepting turns on: an authenticator checked against its first code, or a code channel. */
export type TInvitationBinding =
  | { method: 'GA'; challengeId: number; sealedSecret: string; step: number }
  | { method: 'PHONE' | 'EMAIL' };

/** A new authenticator secret for the invited user, waiting for its first code (international). */
export async function startInvitationBinding(
  deps: TDeps,
  invitee: TInvitee,
  meta: TRequestMeta,
): Promise<TMfaCode> {
  requireInternational(deps);
  const user = await requireUser(deps, invitee.accountId, invitee.userId);
  const secret = createTotpSecret();
  const challenge = await createChallenge(deps, {
    kind: 'bind',
    accountId: user.accountId,
    userId: user.id,
    pendingSecret: deps.secrets.seal(secret),
    ip: meta.ip,
  });
  return bindMaterial(deps, user, secret, challenge);
}

/**
 * Checks the first code of the invited user's authenticator under its bind challenge (wrong codes
 * count; the fifth ends the challenge). Nothing changes until `applyInvitationProtection`.
 */
export async function checkInvitationBinding(
  deps: TDeps,
  invitee: TInvitee,
  uniqueId: string | undefined,
  encryptedCode: string | undefined,
): Promise<TInvitationBinding> {
  requireInternational(deps);
  const challenge = await liveChallenge(deps, uniqueId, 'bind', invitee);
  if (!challenge.pendingSecret) throw new AppError(ErrorCode.verificationFailed);
  const code = await decryptFor(deps, challenge, encryptedCode);
  const now = deps.clock.now();
  const step = await requireTotp(
    deps,
    challenge,
    matchTotp(deps.secrets.open(challenge.pendingSecret), code, now, null),
  );
  return { method: 'GA', challengeId: challenge.id, sealedSecret: challenge.pendingSecret, step };
}

/** Turns the protection on in the acceptance's transaction (the bind challenge is spent with it). */
export async function applyInvitationProtection(
  tx: TDb,
  invitee: TInvitee,
  binding: TInvitationBinding,
  now: Date,
): Promise<TMfaMethodType> {
  if (binding.method === 'GA') {
    await consumeChallenge(tx, binding.challengeId, now);
    await updateUserMfa(
      tx,
      invitee.accountId,
      invitee.userId,
      { mfaEnabled: true, mfaMethod: 'GA', totpSecret: binding.sealedSecret, totpLastStep: binding.step },
      now,
    );
    return 'GA';
  }
  await updateUserMfa(
    tx,
    invitee.accountId,
    invitee.userId,
    { mfaEnabled: true, mfaMethod: binding.method },
    now,
  );
  return binding.method;
}

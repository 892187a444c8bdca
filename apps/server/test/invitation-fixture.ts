/**
 * Invitations for the permission matrix: a regular user of the account with an e-mail address
 * and an open invitation to it (its token unknown to anyone), so that resending and revoking have
 * something to act on.
 */
import { randomBytes } from 'node:crypto';
import type { TDeps } from '../src/context';
import { insertInvitation } from '../src/modules/user/invitation.repository';
import { insertUser } from '../src/modules/user/user.repository';

let serial = 0;

export async function freshInvitation(deps: TDeps, accountId: number): Promise<number> {
  serial += 1;
  const username = `invited_${process.pid}_${serial}_${randomBytes(3).toString('hex')}`;
  const email = `${username}@invite.example`;
  const userId = await insertUser(deps.db, {
    accountId,
    username,
    passwordHash: 'unusable',
    email,
  });
  const now = deps.clock.now();
  await insertInvitation(deps.db, {
    accountId,
    userId,
    channel: 'EMAIL',
    sentTo: email,
    tokenHash: randomBytes(32),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return userId;
}

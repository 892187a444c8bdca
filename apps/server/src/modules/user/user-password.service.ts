/**
 * `resetPassword` (spec section 7: accountId, password, userId; headers authMethod, authCodeToken,
 * authCodeType): a password set after a verified code of the signed-in user. For the user's own
 * password the code proves the user (password module). For another user's, the caller is an
 * administrator whose own RESET_USER_PASSWORD_MODAL code proves who asks; the user is a regular,
 * undeleted user of the account (service users go through resetManagedUserPassword, decision
 * 0020), whose sessions end and who changes the password at the next sign-in (5066).
 */
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { revokeUserSessions } from '../auth';
import { getPolicy, requireUnderPolicy, resetPasswordByToken } from '../password/password.service';
import { consumeCheckToken, peekCheckToken } from '../verification';
import { updateUserColumns } from './user-admin.repository';
import { lockTargets, refuseDeleted, refuseKind, userAudit } from './user-rules.service';

const operatorPurposes = ['RESET_USER_PASSWORD_MODAL'] as const;

export async function resetPassword(
  deps: TDeps,
  auth: TAuth,
  input: { accountId: number; userId: number; password: string; checkToken: string },
  meta: TRequestMeta,
): Promise<null> {
  if (input.userId === auth.userId) {
    return resetPasswordByToken(
      deps,
      {
        checkToken: input.checkToken,
        purposes: ['RESET_USER_PASSWORD_MODAL', 'UPDATE_USER_INFO', 'FIND_PASSWORD'],
        password: input.password,
        accountId: input.accountId,
        userId: input.userId,
        self: auth,
      },
      meta,
    );
  }
  if (!auth.isAdmin) throw new AppError(ErrorCode.notAccountAdmin);
  // Checked before the operator's proof is spent, so that a refusal can be corrected and retried.
  const operator = await peekCheckToken(deps, input.checkToken, operatorPurposes);
  if (operator.userId !== auth.userId || operator.accountId !== auth.accountId) {
    throw new AppError(ErrorCode.verificationFailed);
  }
  const [target] = await lockTargets(deps.db, auth.accountId, [input.userId]);
  if (!target) throw new AppError(ErrorCode.forbidden);
  refuseKind([target], 'regular');
  refuseDeleted(target);
  requireUnderPolicy(input.password, await getPolicy(deps.db, auth.accountId));
  const hash = await deps.hasher.hash(input.password);
  await consumeCheckToken(deps, input.checkToken, operatorPurposes);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [locked] = await lockTargets(tx, auth.accountId, [input.userId]);
    if (!locked) throw new AppError(ErrorCode.forbidden);
    refuseDeleted(locked);
    await updateUserColumns(
      tx,
      auth.accountId,
      locked.id,
      {
        passwordHash: hash,
        passwordChangedAt: now,
        // A password set by someone else is changed by its holder at the next sign-in (5066).
        mustResetPassword: true,
        passwordReminderSentAt: null,
      },
      now,
    );
    const ended = await revokeUserSessions(tx, { userId: locked.id, now, reason: 'password_reset' });
    await writeAudit(
      tx,
      userAudit(auth, meta, now, 'user.resetPassword', locked, {
        endedSessions: ended,
        identityCheck: operator.channel,
      }),
    );
  });
  return null;
}

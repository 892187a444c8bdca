/**
 * An administrator resets another user's login protection (decision 0048): the user lost their
 * authenticator app or passkeys and cannot complete the second step of a sign-in. Confirmed by the
 * administrator's own RESET_USER_MFA code (its checkToken in the headers), with a reason. The
 * authenticator app and every passkey are removed, the user's sessions end, and the audit entry
 * with the reason is written, all in one transaction; then the user is told by e-mail or SMS where
 * a configured channel reaches them. A notice that cannot go does not undo the reset: the audit
 * entry says it was not sent (no channel), or a second entry says its sending failed.
 */
import type { TResetUserMfaResult } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import type { TLanguage } from '@console/contract/enums';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import { adapterStates } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { revokeUserSessions } from '../auth';
import { removeLosableFactors, requireUser } from '../mfa';
import {
  consumeCheckToken,
  deliverMessage,
  emailTarget,
  peekCheckToken,
  phoneTarget,
  type TMessage,
} from '../verification';
import { lockTargets, refuseDeleted, refuseKind, userAudit } from './user-rules.service';

const operatorPurposes = ['RESET_USER_MFA'] as const;

type TNoticeWay = { channel: 'email' | 'sms'; target: string; masked: string };

/**
 * Where the notice goes: the edition's usual channel first (e-mail in the international edition,
 * SMS in the domestic one), then the other, each only when the user has that contact and the
 * installation can send by it (a configured provider, or a development stand-in). Null: nowhere.
 */
function noticeWayOf(
  deps: TDeps,
  user: { phone: string | null; phoneCode: string; email: string | null },
): TNoticeWay | null {
  const states = adapterStates(deps.config);
  const byEmail: TNoticeWay | null =
    user.email && states.email !== 'unconfigured'
      ? { channel: 'email', target: emailTarget(user.email), masked: maskEmail(user.email) }
      : null;
  const bySms: TNoticeWay | null =
    user.phone && states.sms !== 'unconfigured'
      ? {
          channel: 'sms',
          target: phoneTarget(user.phone, user.phoneCode),
          masked: `+${user.phoneCode} ${maskPhone(user.phone)}`,
        }
      : null;
  return deps.config.edition === 'international' ? (byEmail ?? bySms) : (bySms ?? byEmail);
}

function noticeOf(
  way: TNoticeWay,
  lang: TLanguage,
  values: { operator: string; user: string; account: string },
): TMessage {
  const mail = serverPhrases[lang].mail;
  const all = { brand: mail.brand, ...values };
  if (way.channel === 'email') {
    return {
      channel: 'email',
      target: way.target,
      subject: interpolate(mail.mfaReset.subject, all),
      text: mail.mfaReset.body.map((line) => interpolate(line, all)).join('\n\n'),
      code: null,
    };
  }
  return {
    channel: 'sms',
    target: way.target,
    subject: '',
    text: interpolate(mail.mfaReset.sms, all),
    code: null,
    template: { kind: 'mfaReset', values: { operator: values.operator, user: values.user } },
  };
}

export async function resetUserMfa(
  deps: TDeps,
  auth: TAuth,
  input: { userId: number; reason: string; checkToken: string | undefined },
  meta: TRequestMeta & { lang: TLanguage },
  log: FastifyBaseLogger,
): Promise<TResetUserMfaResult> {
  if (!input.checkToken) throw new AppError(ErrorCode.mfaResetNeedsIdentity);
  if (input.userId === auth.userId) throw new AppError(ErrorCode.mfaResetSelf);
  // Checked before the administrator's proof is spent, so that a refusal can be corrected and retried.
  const operator = await peekCheckToken(deps, input.checkToken, operatorPurposes);
  if (operator.userId !== auth.userId || operator.accountId !== auth.accountId) {
    throw new AppError(ErrorCode.verificationFailed);
  }
  const [target] = await lockTargets(deps.db, auth.accountId, [input.userId]);
  if (!target) throw new AppError(ErrorCode.forbidden);
  refuseKind([target], 'regular');
  refuseDeleted(target);
  const before = await requireUser(deps, auth.accountId, target.id);
  const hasAuthenticator = before.mfaMethod === 'GA' && before.totpSecret !== null;
  if (!hasAuthenticator && before.passkeyCount === 0) throw new AppError(ErrorCode.mfaResetNothing);
  const way = noticeWayOf(deps, before);
  await consumeCheckToken(deps, input.checkToken, operatorPurposes);

  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await lockTargets(tx, auth.accountId, [target.id]);
    if (!locked) throw new AppError(ErrorCode.forbidden);
    refuseDeleted(locked);
    const removed = await removeLosableFactors(tx, auth.accountId, locked.id, now);
    if (!removed.hadAuthenticator && removed.removedPasskeys === 0) {
      throw new AppError(ErrorCode.mfaResetNothing);
    }
    const endedSessions = await revokeUserSessions(tx, { userId: locked.id, now, reason: 'mfa_reset' });
    await writeAudit(
      tx,
      userAudit(auth, meta, now, 'user.resetMfa', locked, {
        reason: input.reason,
        authenticator: removed.hadAuthenticator,
        passkeys: removed.removedPasskeys,
        endedSessions,
        identityCheck: operator.channel,
        // Where the notice goes; `none` when no configured channel reaches the user.
        notice: way ? way.channel : 'none',
      }),
    );
    return { ...removed, endedSessions, username: locked.username };
  });

  let isSent = false;
  if (way) {
    const message = noticeOf(way, meta.lang, {
      operator: auth.username,
      user: outcome.username,
      account: before.accountDisplayName,
    });
    try {
      await deliverMessage(deps, message, log, 'mfa-reset');
      isSent = true;
    } catch (error) {
      // The reset stands; the log keeps the cause (delivery), the audit log that the user was not told.
      await writeAudit(deps.db, {
        ...userAudit(
          auth,
          meta,
          deps.clock.now(),
          'user.resetMfaNotice',
          { id: target.id, username: outcome.username },
          {
            channel: way.channel,
            failure: error instanceof AppError ? error.code : 'failed',
          },
        ),
        isSuccess: false,
      });
    }
  }
  return {
    removedAuthenticator: outcome.hadAuthenticator,
    removedPasskeys: outcome.removedPasskeys,
    endedSessions: outcome.endedSessions,
    notice: {
      isSent,
      channel: way ? (way.channel === 'sms' ? 'SMS' : 'EMAIL') : null,
      target: way ? way.masked : null,
    },
  };
}

/**
 * An administrator resets another user's login protection (decision 0048), or a platform operator
 * of the back office does (its support, issue 40): the user lost their
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
import {
  actorAccountId,
  actorName,
  auditUserAct,
  lockTargets,
  refuseDeleted,
  refuseKind,
  type TUserActor,
} from './user-rules.service';

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
  actor: TUserActor,
  values: { user: string; account: string },
): TMessage {
  const mail = serverPhrases[lang].mail;
  const operator = actorName(actor, lang);
  const all = { brand: mail.brand, operator, ...values };
  const texts = actor.kind === 'operator' ? mail.mfaResetBySupport : mail.mfaReset;
  if (way.channel === 'email') {
    return {
      channel: 'email',
      target: way.target,
      subject: interpolate(texts.subject, all),
      text: texts.body.map((line) => interpolate(line, all)).join('\n\n'),
      code: null,
    };
  }
  return {
    channel: 'sms',
    target: way.target,
    subject: '',
    text: interpolate(mail.mfaReset.sms, all),
    code: null,
    template: { kind: 'mfaReset', values: { operator, user: values.user } },
  };
}

/**
 * An account administrator's reset (the route `resetUserMfa`): proven by their own RESET_USER_MFA
 * code, never of themselves; the proof is spent only once every refusal has been passed.
 */
export async function resetUserMfa(
  deps: TDeps,
  auth: TAuth,
  input: { userId: number; reason: string; checkToken: string | undefined },
  meta: TRequestMeta & { lang: TLanguage },
  log: FastifyBaseLogger,
): Promise<TResetUserMfaResult> {
  const checkToken = input.checkToken;
  if (!checkToken) throw new AppError(ErrorCode.mfaResetNeedsIdentity);
  if (input.userId === auth.userId) throw new AppError(ErrorCode.mfaResetSelf);
  // Checked before the administrator's proof is spent, so that a refusal can be corrected and retried.
  const proof = await peekCheckToken(deps, checkToken, operatorPurposes);
  if (proof.userId !== auth.userId || proof.accountId !== auth.accountId) {
    throw new AppError(ErrorCode.verificationFailed);
  }
  return resetLoginProtection(deps, { kind: 'admin', auth }, input, meta, log, {
    channel: proof.channel,
    spend: () => consumeCheckToken(deps, checkToken, operatorPurposes),
  });
}

/**
 * The reset itself, for an account administrator or a platform operator (the back office's
 * support, whose step-up is its route's): the user is refused when a service user (4157), deleted
 * (4155) or without anything to reset (4351); then, in one transaction, the authenticator app and
 * every passkey go, every session of the user ends and the act is audited; then the notice goes.
 * `proof` is the administrator's identity check, spent after the refusals and before the change.
 */
export async function resetLoginProtection(
  deps: TDeps,
  actor: TUserActor,
  input: { userId: number; reason: string },
  meta: TRequestMeta & { lang: TLanguage },
  log: FastifyBaseLogger,
  proof?: { channel: string; spend: () => Promise<unknown> },
): Promise<TResetUserMfaResult> {
  const accountId = actorAccountId(actor);
  const [target] = await lockTargets(deps.db, accountId, [input.userId]);
  if (!target) throw new AppError(ErrorCode.forbidden);
  refuseKind([target], 'regular');
  refuseDeleted(target);
  const before = await requireUser(deps, accountId, target.id);
  const hasAuthenticator = before.mfaMethod === 'GA' && before.totpSecret !== null;
  if (!hasAuthenticator && before.passkeyCount === 0) throw new AppError(ErrorCode.mfaResetNothing);
  const way = noticeWayOf(deps, before);
  await proof?.spend();

  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await lockTargets(tx, accountId, [target.id]);
    if (!locked) throw new AppError(ErrorCode.forbidden);
    refuseDeleted(locked);
    const removed = await removeLosableFactors(tx, accountId, locked.id, now);
    if (!removed.hadAuthenticator && removed.removedPasskeys === 0) {
      throw new AppError(ErrorCode.mfaResetNothing);
    }
    const endedSessions = await revokeUserSessions(tx, { userId: locked.id, now, reason: 'mfa_reset' });
    await auditUserAct(tx, actor, meta, now, 'user.resetMfa', locked, {
      reason: input.reason,
      authenticator: removed.hadAuthenticator,
      passkeys: removed.removedPasskeys,
      endedSessions,
      ...(proof ? { identityCheck: proof.channel } : {}),
      // Where the notice goes; `none` when no configured channel reaches the user.
      notice: way ? way.channel : 'none',
    });
    return { ...removed, endedSessions, username: locked.username };
  });

  let isSent = false;
  if (way) {
    const message = noticeOf(way, meta.lang, actor, {
      user: outcome.username,
      account: before.accountDisplayName,
    });
    try {
      await deliverMessage(deps, message, log, 'mfa-reset');
      isSent = true;
    } catch (error) {
      // The reset stands; the log keeps the cause (delivery), the audit log that the user was not told.
      const failure = error instanceof AppError ? error.code : 'failed';
      await auditUserAct(
        deps.db,
        actor,
        meta,
        deps.clock.now(),
        'user.resetMfaNotice',
        { id: target.id, username: outcome.username },
        { channel: way.channel, failure },
        false,
      );
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

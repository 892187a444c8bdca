/**
 * Invitations sent by administrators (spec section 2, `/userManage/{userId}`): a user added with an
 * e-mail or phone can get a link instead of a password. The user is created with an unusable
 * password (the hash of a random secret nobody holds, so a sign-in attempt is answered exactly
 * like a wrong password); the link `/userManage/{userId}?token=…` goes by the e-mail or SMS
 * adapter, serves once and lives 72 hours, and only its digest is kept. Administrators resend it
 * (a new link; the old one ends) or revoke it, and the user list shows each user's latest one.
 * Accepting it is `invitation-accept.service.ts`.
 */
import { randomBytes } from 'node:crypto';
import type { TInvitationChannel, TUserInvitation } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import { adapterStates } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { writeAudit } from '../audit';
import { deliverMessage, emailTarget, phoneTarget, type TMessage } from '../verification';
import {
  findAccountNames,
  findLatestInvitation,
  insertInvitation,
  listLatestInvitations,
  revokeInvitation,
  revokeOpenInvitations,
  type TInvitationRow,
} from './invitation.repository';
import {
  actorAccountId,
  actorName,
  auditUserAct,
  lockTargets,
  refuseDeleted,
  refuseSystem,
  type TUserActor,
  userAudit,
} from './user-rules.service';

/** The purpose under which link tokens are digested (the table keeps only the digest). */
export const invitationDigestPurpose = 'user-invitation';

/** The user's addresses an invitation can go to. */
type TContact = { email: string | null; phone: string | null; phoneCode: string };

/** An invitation just made, with the token of its link (never stored). */
export type TNewInvitation = { row: TInvitationRow; token: string };

/**
 * The channel of a new invitation: the one asked for, else the edition's (domestic SMS to the
 * phone, international e-mail), else whichever address the user has. Null when it has none.
 */
export function invitationChannelOf(
  deps: TDeps,
  contact: TContact,
  asked?: TInvitationChannel,
): TInvitationChannel | null {
  const has = (channel: TInvitationChannel) => Boolean(channel === 'EMAIL' ? contact.email : contact.phone);
  if (asked) return has(asked) ? asked : null;
  const preferred: TInvitationChannel = deps.config.edition === 'international' ? 'EMAIL' : 'SMS';
  if (has(preferred)) return preferred;
  const other: TInvitationChannel = preferred === 'EMAIL' ? 'SMS' : 'EMAIL';
  return has(other) ? other : null;
}

/** The address of the channel, as messages address it (`+86 138…` or a lower-cased e-mail). */
function addressOf(contact: TContact, channel: TInvitationChannel): string {
  if (channel === 'EMAIL') return emailTarget(contact.email ?? '');
  return phoneTarget(contact.phone ?? '', contact.phoneCode);
}

/**
 * Refuses before anything is created when the channel cannot deliver: an invitation is a link, not
 * a code, so the refusal is the invitation's own (4178 e-mail, 4179 text message).
 */
export function requireInvitationAdapter(deps: TDeps, channel: TInvitationChannel): void {
  if (adapterStates(deps.config)[channel === 'SMS' ? 'sms' : 'email'] !== 'unconfigured') return;
  throw new AppError(
    channel === 'SMS' ? ErrorCode.invitationSmsNotConfigured : ErrorCode.invitationEmailNotConfigured,
  );
}

/** A field error: the invitation has no address to go to. */
export function noContactError(lang: TLanguage, channel: TInvitationChannel | undefined): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: {
      fieldErrors: {
        [channel === 'SMS' ? 'phone' : 'email']: translateValidation(lang, 'inviteNeedsContact'),
      },
    },
  });
}

/** The password hash of an invited user until the invitation is accepted: nobody holds its secret. */
export function unusablePasswordHash(deps: TDeps): Promise<string> {
  return deps.hasher.hash(randomBytes(32).toString('base64url'));
}

/**
 * Makes an invitation of the user in the caller's transaction, with its audit entry
 * (`user.invite` when the user is added, `user.invitationResend` later).
 */
export async function createInvitation(
  deps: TDeps,
  tx: TDb,
  input: {
    actor: TUserActor;
    meta: TRequestMeta;
    now: Date;
    user: { id: number; username: string } & TContact;
    channel: TInvitationChannel;
    action: 'user.invite' | 'user.invitationResend';
  },
): Promise<TNewInvitation> {
  const token = randomBytes(32).toString('base64url');
  const row = await insertInvitation(tx, {
    accountId: actorAccountId(input.actor),
    userId: input.user.id,
    channel: input.channel,
    sentTo: addressOf(input.user, input.channel),
    tokenHash: deps.secrets.digest(invitationDigestPurpose, token),
    // An operator of the back office is no user of the account: the audit entries name them.
    createdBy: input.actor.kind === 'admin' ? input.actor.auth.userId : null,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + Limits.invitationTtlSeconds * 1000),
  });
  await auditUserAct(tx, input.actor, input.meta, input.now, input.action, input.user, {
    channel: input.channel,
    expireTime: row.expiresAt.toISOString(),
  });
  return { row, token };
}

/** `PUBLIC_URL/userManage/{userId}?token=…`: a public page, so without the on-premise prefix. */
export function invitationLink(deps: TDeps, userId: number, token: string): string {
  return `${deps.config.publicUrl}/userManage/${userId}?token=${encodeURIComponent(token)}`;
}

function invitationMessage(
  lang: TLanguage,
  row: TInvitationRow,
  actor: TUserActor,
  values: { account: string; user: string; link: string },
): TMessage {
  const mail = serverPhrases[lang].mail;
  const operator = actorName(actor, lang);
  const all = {
    ...values,
    operator,
    brand: mail.brand,
    hours: Math.round(Limits.invitationTtlSeconds / 3600),
  };
  // The platform's support sends again what an administrator sent first: its own e-mail says so.
  const texts = actor.kind === 'operator' ? mail.invitationBySupport : mail.invitation;
  return row.channel === 'EMAIL'
    ? {
        channel: 'email',
        target: row.sentTo,
        subject: interpolate(texts.subject, all),
        text: texts.body.map((line) => interpolate(line, all)).join('\n\n'),
        code: null,
      }
    : {
        channel: 'sms',
        target: row.sentTo,
        subject: '',
        text: interpolate(mail.invitation.sms, all),
        code: null,
        template: {
          kind: 'invitation',
          values: {
            operator,
            user: values.user,
            account: values.account,
            hours: String(all.hours),
            link: values.link,
          },
        },
      };
}

/**
 * Sends the link (after the invitation's transaction committed). An invitation whose link did not
 * leave is revoked, so that the list does not call it pending; the failure (4097) is answered in
 * the words of an invitation.
 */
export async function sendInvitation(
  deps: TDeps,
  actor: TUserActor,
  lang: TLanguage,
  invitation: TNewInvitation & { username: string },
  log: FastifyBaseLogger,
): Promise<void> {
  const account = await findAccountNames(deps.db, actorAccountId(actor));
  const message = invitationMessage(lang, invitation.row, actor, {
    account: account?.name ?? '',
    user: invitation.username,
    link: invitationLink(deps, invitation.row.userId, invitation.token),
  });
  try {
    await deliverMessage(deps, message, log, 'invitation');
  } catch (error) {
    await revokeInvitation(deps.db, invitation.row.id, deps.clock.now());
    // The delivery's failure (4097) in the words of an invitation, not of a code.
    if (error instanceof AppError && error.code === ErrorCode.sendCodeFailed)
      throw new AppError(ErrorCode.sendCodeFailed, { messageKey: 'invitationSendFailed', cause: error });
    throw error;
  }
}

/** Where an invitation stands at `now`; null once accepted. */
export function invitationStateOf(
  row: Pick<TInvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt' | 'channel' | 'createdAt'>,
  now: Date,
): TUserInvitation | null {
  if (row.acceptedAt) return null;
  const state = row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
  return {
    state,
    channel: row.channel,
    createTime: row.createdAt.toISOString(),
    expireTime: row.expiresAt.toISOString(),
  };
}

/** The latest invitation of each listed user that has one not accepted. */
export async function invitationsOfUsers(
  deps: TDeps,
  accountId: number,
  userIds: readonly number[],
): Promise<Map<number, TUserInvitation>> {
  const rows = await listLatestInvitations(deps.db, accountId, userIds);
  const now = deps.clock.now();
  const out = new Map<number, TUserInvitation>();
  for (const row of rows) {
    const state = invitationStateOf(row, now);
    if (state) out.set(row.userId, state);
  }
  return out;
}

/**
 * Sends a user's invitation again: a new link (to the channel asked for, else the previous one's,
 * at the user's current address), the previous link ends. Only a user whose latest invitation was
 * not accepted (404 without one, 4175 once accepted).
 */
export async function resendInvitation(
  deps: TDeps,
  actor: TUserActor,
  lang: TLanguage,
  body: { id: number; channel?: TInvitationChannel | undefined },
  meta: TRequestMeta,
  log: FastifyBaseLogger,
): Promise<TUserInvitation> {
  const now = deps.clock.now();
  const accountId = actorAccountId(actor);
  const made = await deps.db.transaction(async (tx) => {
    const [target] = await lockTargets(tx, accountId, [body.id]);
    if (!target) throw new AppError(ErrorCode.forbidden);
    refuseSystem([target]);
    refuseDeleted(target);
    const latest = await findLatestInvitation(tx, accountId, target.id);
    if (!latest || target.kind !== 'regular') throw new AppError(ErrorCode.notFound);
    if (latest.acceptedAt) throw new AppError(ErrorCode.invitationUsed);
    const channel = invitationChannelOf(deps, target, body.channel ?? latest.channel);
    const fallback = body.channel ? null : invitationChannelOf(deps, target);
    const chosen = channel ?? fallback;
    if (!chosen) throw noContactError(lang, body.channel ?? latest.channel);
    requireInvitationAdapter(deps, chosen);
    await revokeOpenInvitations(tx, accountId, target.id, now);
    const invitation = await createInvitation(deps, tx, {
      actor,
      meta,
      now,
      user: target,
      channel: chosen,
      action: 'user.invitationResend',
    });
    return { ...invitation, username: target.username };
  });
  await sendInvitation(deps, actor, lang, made, log);
  const state = invitationStateOf(made.row, now);
  if (!state) throw new Error('a new invitation cannot be accepted');
  return state;
}

/** Revokes the user's pending invitation: its link stops working (404 when none is open). */
export async function revokeUserInvitation(
  deps: TDeps,
  auth: TAuth,
  id: number,
  meta: TRequestMeta,
): Promise<null> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [target] = await lockTargets(tx, auth.accountId, [id]);
    if (!target) throw new AppError(ErrorCode.forbidden);
    const revoked = await revokeOpenInvitations(tx, auth.accountId, target.id, now);
    if (revoked.length === 0) throw new AppError(ErrorCode.notFound);
    await writeAudit(
      tx,
      userAudit(auth, meta, now, 'user.invitationRevoke', target, { channel: revoked[0]?.channel ?? null }),
    );
  });
  return null;
}

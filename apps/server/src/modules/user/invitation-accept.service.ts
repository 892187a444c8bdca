/**
 * The invited user's side of an invitation, without a session: reading the link (account,
 * username, the account's password policy and the login protection it requires), starting an
 * authenticator binding, and accepting once. Accepting sets the password under the policy, binds
 * the protection the account requires (international: the authenticator app confirmed by its
 * first code; domestic: protection by a code to the phone or e-mail that received the link, which
 * the link proves), spends the link (a conditional update: one acceptance wins) and writes the
 * audit entries as the invited user, in one transaction.
 *
 * The refusals are told apart: 4174 the token is not this user's (or unknown), 4175 accepted,
 * 4176 revoked or replaced, 4177 expired. The calls run under the address limits of the recovery
 * lookups (decision 0012): unknown tokens count, and a blocked address is answered 429.
 */
import type { TAcceptedInvitation, TInvitation, TMfaCode } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { maskEmail, maskPhone } from '@console/contract/contact-rules';
import type { TLanguage, TMfaMethodType } from '@console/contract/enums';
import type { TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { underAddressLimit } from '../address-limit';
import { writeAudit } from '../audit';
import {
  applyInvitationProtection,
  checkInvitationBinding,
  startInvitationBinding,
  type TInvitationBinding,
} from '../mfa';
import { getPolicy, requireUnderPolicy } from '../password/password.service';
import { phoneTarget } from '../verification';
import {
  acceptOpenInvitation,
  findInvitationByToken,
  setInvitedPassword,
  type TInvitationFound,
} from './invitation.repository';
import { invitationDigestPurpose } from './invitation.service';

type TLinkRef = { userId: number; token: string };

/** Why a found invitation cannot be used at `now`; null when it can. */
function refusalOf(found: TInvitationFound, now: Date): AppError | null {
  const { invitation, user } = found;
  if (invitation.acceptedAt) return new AppError(ErrorCode.invitationUsed);
  if (invitation.revokedAt) return new AppError(ErrorCode.invitationRevoked);
  if (invitation.expiresAt.getTime() <= now.getTime()) return new AppError(ErrorCode.invitationExpired);
  if (user.deletedAt) return new AppError(ErrorCode.userDeleted);
  if (!user.isEnabled) return new AppError(ErrorCode.userDisabled);
  return null;
}

async function findLink(deps: TDeps, link: TLinkRef, db: TDb = deps.db): Promise<TInvitationFound> {
  const found = await findInvitationByToken(db, deps.secrets.digest(invitationDigestPurpose, link.token));
  // Another user's token reads as an unknown one: the link names its user.
  if (!found || found.invitation.userId !== link.userId) throw new AppError(ErrorCode.invitationInvalid);
  return found;
}

/** The invitation of a link that can still be accepted. */
async function liveLink(deps: TDeps, link: TLinkRef): Promise<TInvitationFound> {
  const found = await findLink(deps, link);
  const refusal = refusalOf(found, deps.clock.now());
  if (refusal) throw refusal;
  return found;
}

/** Runs a call of the link under the address limits: tokens that match nothing count. */
function underLinkLimit<T>(deps: TDeps, meta: TRequestMeta, run: () => Promise<T>): Promise<T> {
  return underAddressLimit(
    deps,
    { scope: 'recovery', ip: meta.ip, requestId: meta.requestId },
    { isFailure: (error) => error.code === ErrorCode.invitationInvalid },
    run,
  );
}

/**
 * The protection accepting binds: none unless the account requires it; the authenticator app in
 * the international edition; in the domestic one a code to the address that received the link,
 * while it is still the user's address (else the next sign-in leads the user through it).
 */
function protectionMethodOf(deps: TDeps, found: TInvitationFound): TMfaMethodType | null {
  if (!found.account.mfaRequired) return null;
  if (deps.config.edition === 'international') return 'GA';
  const { invitation, user } = found;
  if (invitation.channel === 'SMS') {
    return user.phone && phoneTarget(user.phone, user.phoneCode) === invitation.sentTo ? 'PHONE' : null;
  }
  return user.email && user.email.trim().toLowerCase() === invitation.sentTo ? 'EMAIL' : null;
}

function maskedAddress(found: TInvitationFound): string {
  const { invitation } = found;
  if (invitation.channel === 'EMAIL') return maskEmail(invitation.sentTo);
  const [code, number] = invitation.sentTo.split(' ');
  return `${code} ${maskPhone(number ?? '')}`;
}

export function getInvitation(deps: TDeps, link: TLinkRef, meta: TRequestMeta): Promise<TInvitation> {
  return underLinkLimit(deps, meta, async () => {
    const found = await liveLink(deps, link);
    const method = protectionMethodOf(deps, found);
    return {
      accountName: found.account.name,
      accountDisplayName: found.account.displayName,
      username: found.user.username,
      passwordPolicy: await getPolicy(deps.db, found.account.id),
      loginProtection: { isRequired: found.account.mfaRequired, method },
      channel: found.invitation.channel,
      sentTo: maskedAddress(found),
      expireTime: found.invitation.expiresAt.toISOString(),
    };
  });
}

/** A new authenticator secret for the invited user (the account requires protection; international). */
export function startInvitationMfa(deps: TDeps, link: TLinkRef, meta: TRequestMeta): Promise<TMfaCode> {
  return underLinkLimit(deps, meta, async () => {
    const found = await liveLink(deps, link);
    if (protectionMethodOf(deps, found) !== 'GA') {
      throw new AppError(ErrorCode.badRequest, { data: { fieldErrors: { mfaMethodType: 'GA' } } });
    }
    return startInvitationBinding(deps, { accountId: found.account.id, userId: found.user.id }, meta);
  });
}

async function bindingOf(
  deps: TDeps,
  found: TInvitationFound,
  body: { uniqueId?: string | undefined; code?: string | undefined },
  lang: TLanguage,
): Promise<TInvitationBinding | null> {
  const method = protectionMethodOf(deps, found);
  if (method === null) return null;
  if (method !== 'GA') return { method };
  if (!body.uniqueId || !body.code) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: { code: translateValidation(lang, 'codeRequired') } },
    });
  }
  return checkInvitationBinding(
    deps,
    { accountId: found.account.id, userId: found.user.id },
    body.uniqueId,
    body.code,
  );
}

export function acceptInvitation(
  deps: TDeps,
  body: TLinkRef & { password: string; uniqueId?: string | undefined; code?: string | undefined },
  meta: TRequestMeta,
  lang: TLanguage,
): Promise<TAcceptedInvitation> {
  return underLinkLimit(deps, meta, async () => {
    const found = await liveLink(deps, body);
    requireUnderPolicy(body.password, await getPolicy(deps.db, found.account.id));
    const binding = await bindingOf(deps, found, body, lang);
    const hash = await deps.hasher.hash(body.password);
    const now = deps.clock.now();
    const invitee = { accountId: found.account.id, userId: found.user.id };
    const mfaMethodType = await deps.db.transaction(async (tx) => {
      if (!(await acceptOpenInvitation(tx, found.invitation.id, now))) {
        // Another acceptance, a revocation or the expiry came first: say which.
        const again = await findLink(deps, body, tx);
        throw refusalOf(again, now) ?? new AppError(ErrorCode.invitationUsed);
      }
      if (!(await setInvitedPassword(tx, invitee.accountId, invitee.userId, hash, now))) {
        throw new AppError(ErrorCode.userDeleted);
      }
      const audit = {
        accountId: invitee.accountId,
        userId: invitee.userId,
        username: found.user.username,
        objectType: 'user' as const,
        objectId: String(invitee.userId),
        objectName: found.user.username,
        isSuccess: true,
        ip: meta.ip,
        requestId: meta.requestId,
        createdAt: now,
      };
      const method = binding ? await applyInvitationProtection(tx, invitee, binding, now) : null;
      await writeAudit(tx, {
        ...audit,
        action: 'user.invitationAccept',
        info: { channel: found.invitation.channel, invitationId: found.invitation.id },
      });
      if (method)
        await writeAudit(tx, { ...audit, action: 'mfa.enable', info: { method, via: 'invitation' } });
      return method;
    });
    return { accountName: found.account.name, username: found.user.username, mfaMethodType };
  });
}

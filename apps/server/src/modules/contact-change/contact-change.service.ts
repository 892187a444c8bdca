/**
 * Changing another user's e-mail or phone: an administrator asks, after verifying their own
 * identity with a code, and nothing changes until the user agrees through a link sent to the new address (valid one hour, single use); the old
 * address gets a notice. A new request replaces the user's pending one; the administrator sees
 * pending requests and can revoke them.
 */
import { randomBytes } from 'node:crypto';
import type { TChangeRequest, TPendingChange, TUpdateUserWithConfirmRequest } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { checkPhone } from '@console/contract/contact-rules';
import type { TLanguage } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { requireAdapter } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { translateError, translateValidation } from '../../i18n';
import { writeAudit } from '../audit';
import {
  consumeCheckToken,
  deliverMessage,
  emailTarget,
  peekCheckToken,
  phoneTarget,
  type TMessage,
} from '../verification';
import {
  applyChange,
  consumeRequest,
  findAccountName,
  findChangeSubject,
  findRequestByToken,
  findUsername,
  insertRequest,
  listLiveRequests,
  revokePendingOfUser,
  revokePendingRequest,
  revokeRequest,
  type TRequestRow,
} from './contact-change.repository';

function pendingOf(row: TRequestRow, userName: string): TPendingChange {
  return {
    id: row.id,
    userId: row.userId,
    userName,
    operator: row.operatorName,
    email: row.newEmail,
    phone: row.newPhone ? phoneTarget(row.newPhone, row.newPhoneCode ?? '86') : null,
    createTime: row.createdAt.toISOString(),
    expireTime: row.expiresAt.toISOString(),
  };
}

function messagesFor(
  _deps: TDeps,
  lang: TLanguage,
  input: {
    user: { username: string; email: string | null; phone: string | null; phoneCode: string };
    account: string;
    operator: string;
    newEmail: string | null;
    newPhone: string | null;
    link: string;
  },
): TMessage[] {
  const mail = serverPhrases[lang].mail;
  const what =
    input.newEmail && input.newPhone
      ? mail.confirmChange.both
      : input.newEmail
        ? mail.confirmChange.email
        : mail.confirmChange.phone;
  const base = {
    brand: mail.brand,
    operator: input.operator,
    account: input.account,
    user: input.user.username,
    what,
  };
  const minutes = Math.round(Limits.confirmLinkTtlSeconds / 60);
  const out: TMessage[] = [];
  const linkTo = (channel: 'email' | 'sms', target: string, value: string) => {
    const values = { ...base, value, minutes, link: input.link };
    out.push(
      channel === 'email'
        ? {
            channel,
            target,
            subject: interpolate(mail.confirmChange.subject, values),
            text: mail.confirmChange.body.map((line) => interpolate(line, values)).join('\n\n'),
            code: null,
          }
        : {
            channel,
            target,
            subject: '',
            text: interpolate(mail.confirmChange.sms, values),
            code: null,
            template: {
              kind: 'contactChange',
              values: {
                operator: input.operator,
                user: input.user.username,
                what,
                value,
                minutes: String(minutes),
                link: input.link,
              },
            },
          },
    );
  };
  if (input.newEmail) linkTo('email', input.newEmail, input.newEmail);
  if (input.newPhone) linkTo('sms', input.newPhone, input.newPhone);
  // A notice to each old address that is being replaced.
  if (input.newEmail && input.user.email) {
    out.push({
      channel: 'email',
      target: emailTarget(input.user.email),
      subject: interpolate(mail.changeNotice.subject, base),
      text: mail.changeNotice.body.map((line) => interpolate(line, base)).join('\n\n'),
      code: null,
    });
  }
  if (input.newPhone && input.user.phone) {
    out.push({
      channel: 'sms',
      target: phoneTarget(input.user.phone, input.user.phoneCode),
      subject: '',
      text: interpolate(mail.changeNotice.sms, base),
      code: null,
      template: {
        kind: 'contactChangeNotice',
        values: { operator: input.operator, user: input.user.username, what },
      },
    });
  }
  return out;
}

/** A 400 naming the field, in the request's language. */
function fieldError(request: FastifyRequest, field: string, key: string): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { [field]: translateValidation(request.lang, key) } },
  });
}

const identityPurposes = ['UPDATE_USER_INFO'] as const;

/**
 * The administrator's own identity check (spec section 2 "Edit user dialog": phone and e-mail are
 * read-only until editing starts, after identity verification by code): a live checkToken of an
 * UPDATE_USER_INFO code sent to the operator, not spent yet. 4158 without one, 4094 for another
 * user's or purpose's, 4093 once used, 4164 once expired.
 */
async function requireOperatorIdentity(deps: TDeps, auth: TAuth, token: string | undefined): Promise<void> {
  if (!token) throw new AppError(ErrorCode.contactChangeNeedsIdentity);
  const proven = await peekCheckToken(deps, token, identityPurposes);
  if (proven.userId !== auth.userId || proven.accountId !== auth.accountId) {
    throw new AppError(ErrorCode.verificationFailed);
  }
}

export async function requestContactChange(
  deps: TDeps,
  auth: TAuth,
  request: FastifyRequest,
  body: TUpdateUserWithConfirmRequest,
  identityToken: string | undefined,
  meta: TRequestMeta,
  log: FastifyBaseLogger,
): Promise<TPendingChange> {
  if (!body.email && !body.phone) throw fieldError(request, 'email', 'required');
  // The confirmation link goes by e-mail and SMS: without them no request is made (4105, 4104).
  if (body.email) requireAdapter(deps.config, 'email');
  if (body.phone) requireAdapter(deps.config, 'sms');
  await requireOperatorIdentity(deps, auth, identityToken);
  // One's own phone and e-mail change in My profile, with codes sent to the new addresses.
  if (body.id === auth.userId) {
    throw new AppError(ErrorCode.badRequest, {
      data: {
        fieldErrors: {
          [body.email ? 'email' : 'phone']: translateError(request.lang, 'ownContactInProfile'),
        },
      },
    });
  }
  if (body.phone) {
    const problem = checkPhone(body.phone, body.phoneCode ?? '86');
    if (problem) throw fieldError(request, 'phone', problem);
  }
  const user = await findChangeSubject(deps.db, auth.accountId, body.id);
  if (user?.kind !== 'regular') throw new AppError(ErrorCode.notFound);
  // Spec section 5: the e-mail address is required in the international edition, the phone number
  // in the others; a change cannot leave the user without the edition's one.
  if (deps.config.edition === 'international' ? !body.email && !user.email : !body.phone && !user.phone) {
    throw deps.config.edition === 'international'
      ? fieldError(request, 'email', 'emailRequired')
      : fieldError(request, 'phone', 'phoneRequired');
  }
  const accountName = await findAccountName(deps.db, auth.accountId);
  // The operator's proof is spent only by a request that passed every check above.
  if (identityToken) await consumeCheckToken(deps, identityToken, identityPurposes);

  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const newEmail = body.email ? emailTarget(body.email) : null;
  const newPhone = body.phone?.trim() ?? null;
  const row = await deps.db.transaction(async (tx) => {
    await revokePendingOfUser(tx, user.id, now);
    const inserted = await insertRequest(tx, {
      accountId: auth.accountId,
      userId: user.id,
      operatorId: auth.userId,
      operatorName: auth.username,
      newEmail,
      newPhone,
      newPhoneCode: newPhone ? (body.phoneCode ?? '86') : null,
      tokenHash: deps.secrets.digest('confirm-change', token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + Limits.confirmLinkTtlSeconds * 1000),
    });
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'user.contactChangeRequest',
      objectType: 'user',
      objectId: String(user.id),
      objectName: user.username,
      isSuccess: true,
      info: { email: newEmail !== null, phone: newPhone !== null },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
    return inserted;
  });

  const messages = messagesFor(deps, request.lang, {
    user,
    account: accountName ?? '',
    operator: auth.username,
    newEmail,
    newPhone: newPhone ? phoneTarget(newPhone, body.phoneCode ?? '86') : null,
    link: `${deps.config.publicUrl}/confirm-change?t=${token}`,
  });
  try {
    for (const message of messages) await deliverMessage(deps, message, log, 'confirm-change');
  } catch (error) {
    // Nobody can agree to a change whose link did not leave: the request ends here.
    await revokeRequest(deps.db, row.id, deps.clock.now());
    throw error;
  }
  return pendingOf(row, user.username);
}

/** The live request of a link; 4032 for a missing, used, revoked or expired one. */
async function liveRequest(
  deps: TDeps,
  token: string,
  db = deps.db,
  forUpdate = false,
): Promise<TRequestRow> {
  const row = await findRequestByToken(db, deps.secrets.digest('confirm-change', token), forUpdate);
  const isLive =
    row &&
    row.consumedAt === null &&
    row.revokedAt === null &&
    row.expiresAt.getTime() > deps.clock.now().getTime();
  if (!row || !isLive) throw new AppError(ErrorCode.confirmLinkInvalid);
  return row;
}

export async function describeChange(deps: TDeps, token: string): Promise<TChangeRequest> {
  const row = await liveRequest(deps, token);
  const username = await findUsername(deps.db, row.userId);
  return {
    userName: username ?? '',
    operator: row.operatorName,
    email: row.newEmail,
    phone: row.newPhone ? phoneTarget(row.newPhone, row.newPhoneCode ?? '86') : null,
    updateTime: row.createdAt.toISOString(),
  };
}

export async function confirmChange(deps: TDeps, token: string, meta: TRequestMeta): Promise<null> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await liveRequest(deps, token, tx, true);
    const username = await applyChange(tx, row, now);
    if (username === null) throw new AppError(ErrorCode.confirmLinkInvalid);
    await consumeRequest(tx, row.id, now);
    await writeAudit(tx, {
      accountId: row.accountId,
      userId: row.userId,
      username,
      action: 'user.contactChangeConfirmed',
      objectType: 'user',
      objectId: String(row.userId),
      objectName: username,
      isSuccess: true,
      info: { email: row.newEmail !== null, phone: row.newPhone !== null, requestedBy: row.operatorName },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return null;
}

export async function listPending(deps: TDeps, auth: TAuth): Promise<TPendingChange[]> {
  const rows = await listLiveRequests(deps.db, auth.accountId, deps.clock.now());
  return rows.map((r) => pendingOf(r.row, r.userName));
}

export async function revokePending(deps: TDeps, auth: TAuth, id: number, meta: TRequestMeta): Promise<null> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const revoked = await revokePendingRequest(tx, auth.accountId, id, now);
    if (!revoked) throw new AppError(ErrorCode.notFound);
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'user.contactChangeRevoked',
      objectType: 'user',
      objectId: String(revoked.userId),
      isSuccess: true,
      info: { requestId: id },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return null;
}

/**
 * Changing another user's e-mail or phone: an administrator asks, and nothing changes until the
 * user agrees through a link sent to the new address (valid one hour, single use); the old
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
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { requireAdapter } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { accounts, contactChangeRequests, users } from '../../db/schema';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { writeAudit } from '../audit';
import { emailTarget, phoneTarget } from '../verification/code.service';
import { deliverMessage, type TMessage } from '../verification/delivery';

type TRequestRow = typeof contactChangeRequests.$inferSelect;

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
        : { channel, target, subject: '', text: interpolate(mail.confirmChange.sms, values), code: null },
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
    });
  }
  return out;
}

export async function requestContactChange(
  deps: TDeps,
  auth: TAuth,
  request: FastifyRequest,
  body: TUpdateUserWithConfirmRequest,
  meta: TRequestMeta,
  log: FastifyBaseLogger,
): Promise<TPendingChange> {
  if (!body.email && !body.phone) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: { email: translateValidation(request.lang, 'required') } },
    });
  }
  // The confirmation link goes by e-mail and SMS: without them no request is made (4105, 4104).
  if (body.email) requireAdapter(deps.config, 'email');
  if (body.phone) requireAdapter(deps.config, 'sms');
  if (body.phone) {
    const problem = checkPhone(body.phone, body.phoneCode ?? '86');
    if (problem) {
      throw new AppError(ErrorCode.badRequest, {
        data: { fieldErrors: { phone: translateValidation(request.lang, problem) } },
      });
    }
  }
  const [user] = await deps.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      phone: users.phone,
      phoneCode: users.phoneCode,
      kind: users.kind,
    })
    .from(users)
    .where(and(eq(users.id, body.id), eq(users.accountId, auth.accountId), isNull(users.deletedAt)));
  if (user?.kind !== 'regular') throw new AppError(ErrorCode.notFound);
  const [account] = await deps.db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, auth.accountId));

  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const newEmail = body.email ? emailTarget(body.email) : null;
  const newPhone = body.phone?.trim() ?? null;
  const row = await deps.db.transaction(async (tx) => {
    await tx
      .update(contactChangeRequests)
      .set({ revokedAt: now })
      .where(
        and(
          eq(contactChangeRequests.userId, user.id),
          isNull(contactChangeRequests.consumedAt),
          isNull(contactChangeRequests.revokedAt),
        ),
      );
    const [inserted] = await tx
      .insert(contactChangeRequests)
      .values({
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
      })
      .returning();
    if (!inserted) throw new Error('change request insert returned no row');
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
    account: account?.name ?? '',
    operator: auth.username,
    newEmail,
    newPhone: newPhone ? phoneTarget(newPhone, body.phoneCode ?? '86') : null,
    link: `${deps.config.publicUrl}/confirm-change?t=${token}`,
  });
  try {
    for (const message of messages) await deliverMessage(deps, message, log, 'confirm-change');
  } catch (error) {
    // Nobody can agree to a change whose link did not leave: the request ends here.
    await deps.db
      .update(contactChangeRequests)
      .set({ revokedAt: deps.clock.now() })
      .where(eq(contactChangeRequests.id, row.id));
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
  const query = db
    .select()
    .from(contactChangeRequests)
    .where(eq(contactChangeRequests.tokenHash, deps.secrets.digest('confirm-change', token)));
  const [row] = forUpdate ? await query.for('update') : await query;
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
  const [user] = await deps.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, row.userId));
  return {
    userName: user?.username ?? '',
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
    const [user] = await tx
      .update(users)
      .set({
        ...(row.newEmail ? { email: row.newEmail } : {}),
        ...(row.newPhone ? { phone: row.newPhone, phoneCode: row.newPhoneCode ?? '86' } : {}),
        updatedAt: now,
      })
      .where(and(eq(users.id, row.userId), eq(users.accountId, row.accountId), isNull(users.deletedAt)))
      .returning({ username: users.username });
    if (!user) throw new AppError(ErrorCode.confirmLinkInvalid);
    await tx
      .update(contactChangeRequests)
      .set({ consumedAt: now })
      .where(eq(contactChangeRequests.id, row.id));
    await writeAudit(tx, {
      accountId: row.accountId,
      userId: row.userId,
      username: user.username,
      action: 'user.contactChangeConfirmed',
      objectType: 'user',
      objectId: String(row.userId),
      objectName: user.username,
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
  const rows = await deps.db
    .select({ row: contactChangeRequests, userName: users.username })
    .from(contactChangeRequests)
    .innerJoin(users, eq(users.id, contactChangeRequests.userId))
    .where(
      and(
        eq(contactChangeRequests.accountId, auth.accountId),
        isNull(contactChangeRequests.consumedAt),
        isNull(contactChangeRequests.revokedAt),
        gt(contactChangeRequests.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(contactChangeRequests.id));
  return rows.map((r) => pendingOf(r.row, r.userName));
}

export async function revokePending(deps: TDeps, auth: TAuth, id: number, meta: TRequestMeta): Promise<null> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const revoked = await tx
      .update(contactChangeRequests)
      .set({ revokedAt: now })
      .where(
        and(
          eq(contactChangeRequests.id, id),
          eq(contactChangeRequests.accountId, auth.accountId),
          isNull(contactChangeRequests.consumedAt),
          isNull(contactChangeRequests.revokedAt),
        ),
      )
      .returning({ userId: contactChangeRequests.userId });
    if (revoked.length === 0) throw new AppError(ErrorCode.notFound);
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'user.contactChangeRevoked',
      objectType: 'user',
      objectId: String(revoked[0]?.userId),
      isSuccess: true,
      info: { requestId: id },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return null;
}

/**
 * Changes of users by account administrators (spec section 2 "User management", PRODUCT-FACTS
 * "Users"): add a user or a custom service user, edit one, enable and disable, reset a service
 * user's password. Each change runs in one transaction with its audit entries and keeps
 * the rules of user-rules.service.ts; another user's phone or e-mail is not changed here (4158): it
 * changes through updateUserWithConfirm, after the administrator's identity check, when that user
 * agrees.
 */
import type { TAddManagedUserBody, TAddUserBody, TUpdateUserResult } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { checkPhone } from '@console/contract/contact-rules';
import type { FastifyRequest } from 'fastify';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { translateError, translateValidation } from '../../i18n';
import { writeAudit } from '../audit';
import { revokeUserSessions } from '../auth';
import { getPolicy, requireUnderPolicy } from '../password/password.service';
import { emailTarget } from '../verification/code.service';
import {
  createInvitation,
  invitationChannelOf,
  noContactError,
  requireInvitationAdapter,
  sendInvitation,
  unusablePasswordHash,
} from './invitation.service';
import { setAdmin } from './role.service';
import { grantRole, insertUser } from './user.repository';
import { updateUserColumns } from './user-admin.repository';
import { isUsernameTaken } from './user-list.service';
import {
  adminRoleId,
  lockTargets,
  memberRoleId,
  refuseDeleted,
  refuseKind,
  refuseSelf,
  refuseSystem,
  requireAdminsRemain,
  syncUsers,
  userAudit,
} from './user-rules.service';

function fieldError(field: string, message: string): AppError {
  return new AppError(ErrorCode.badRequest, { data: { fieldErrors: { [field]: message } } });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function addUser(
  deps: TDeps,
  auth: TAuth,
  request: FastifyRequest,
  input: TAddUserBody | TAddManagedUserBody,
  meta: TRequestMeta,
  kind: 'regular' | 'service',
): Promise<{ id: number }> {
  const lang = request.lang;
  const body: Partial<TAddUserBody> & Omit<TAddManagedUserBody, 'password'> = input;
  const username = body.username.trim();
  if (body.phone) {
    const problem = checkPhone(body.phone, body.phoneCode ?? '86');
    if (problem) throw fieldError('phone', translateValidation(lang, problem));
  }
  // An invitation instead of a password: regular users with an e-mail or phone (invitation.service.ts).
  const contact = {
    email: body.email ? emailTarget(body.email) : null,
    phone: body.phone?.trim() || null,
    phoneCode: body.phoneCode ?? '86',
  };
  const channel =
    kind === 'regular' && body.invite ? invitationChannelOf(deps, contact, body.inviteChannel) : null;
  if (kind === 'regular' && body.invite && !channel) throw noContactError(lang, body.inviteChannel);
  if (channel) requireInvitationAdapter(deps, channel);
  const policy = await getPolicy(deps.db, auth.accountId);
  if (!channel) requireUnderPolicy(body.password ?? '', policy);
  if (await isUsernameTaken(deps.db, auth.accountId, username)) {
    throw fieldError('username', translateError(lang, 'usernameTaken'));
  }
  const hash = channel ? await unusablePasswordHash(deps) : await deps.hasher.hash(body.password ?? '');
  const now = deps.clock.now();
  try {
    const created = await deps.db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        accountId: auth.accountId,
        username,
        displayName: body.displayName ?? username,
        passwordHash: hash,
        kind,
        ...(kind === 'service' ? { serviceKind: 'custom' as const } : {}),
        phone: kind === 'regular' ? (body.phone ?? null) : null,
        phoneCode: body.phoneCode ?? '86',
        email: kind === 'regular' && body.email ? emailTarget(body.email) : null,
        title: kind === 'regular' ? (body.title ?? null) : null,
        remark: body.remark ?? null,
        // The initial password is the administrator's: its holder changes it at the first sign-in.
        mustResetPassword: kind === 'regular' && !channel,
      });
      if (kind === 'regular') {
        const member = await memberRoleId(tx, auth.accountId);
        if (member) await grantRole(tx, auth.accountId, id, member, auth.userId);
        if (body.isAdmin) {
          await grantRole(tx, auth.accountId, id, await adminRoleId(tx, auth.accountId), auth.userId);
        }
      }
      await writeAudit(
        tx,
        userAudit(
          auth,
          meta,
          now,
          kind === 'regular' ? 'user.add' : 'user.addService',
          { id, username },
          {
            isAdmin: kind === 'regular' && body.isAdmin === true,
            phone: Boolean(body.phone),
            email: Boolean(body.email),
          },
        ),
      );
      await syncUsers(tx, auth.accountId, [id], now);
      const invitation = channel
        ? await createInvitation(deps, tx, {
            actor: { kind: 'admin', auth },
            meta,
            now,
            user: { id, username, ...contact },
            channel,
            action: 'user.invite',
          })
        : null;
      return { id, invitation };
    });
    if (created.invitation) {
      await sendInvitation(
        deps,
        { kind: 'admin', auth },
        request.lang,
        { ...created.invitation, username },
        request.log,
      );
    }
    return { id: created.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('username', translateError(lang, 'usernameTaken'));
    throw error;
  }
}

export function addManagedUser(
  deps: TDeps,
  auth: TAuth,
  request: FastifyRequest,
  body: TAddManagedUserBody,
  meta: TRequestMeta,
) {
  return addUser(deps, auth, request, body, meta, 'service');
}

export async function updateUser(
  deps: TDeps,
  auth: TAuth,
  request: FastifyRequest,
  body: {
    id: number;
    displayName?: string | undefined;
    phone?: string | undefined;
    phoneCode?: string | undefined;
    email?: string | undefined;
    title?: string | undefined;
    comment?: string | undefined;
    isAdmin?: boolean | undefined;
  },
  meta: TRequestMeta,
): Promise<TUpdateUserResult> {
  const lang = request.lang;
  const isSelf = body.id === auth.userId;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [target] = await lockTargets(tx, auth.accountId, [body.id]);
    if (!target) throw new AppError(ErrorCode.forbidden);
    refuseSystem([target]);
    refuseDeleted(target);
    const newEmail = body.email && target.kind === 'regular' ? emailTarget(body.email) : null;
    const newPhone = body.phone && target.kind === 'regular' ? body.phone.trim() : null;
    const phoneCode = body.phoneCode ?? target.phoneCode;
    const emailChanges = newEmail !== null && newEmail !== target.email;
    const phoneChanges = newPhone !== null && (newPhone !== target.phone || phoneCode !== target.phoneCode);
    if (newPhone !== null) {
      const problem = checkPhone(newPhone, phoneCode);
      if (problem) throw fieldError('phone', translateValidation(lang, problem));
    }
    if (isSelf && (emailChanges || phoneChanges)) {
      throw fieldError(emailChanges ? 'email' : 'phone', translateError(lang, 'ownContactInProfile'));
    }
    // Another user's phone or e-mail changes only through updateUserWithConfirm, after the
    // administrator's own identity check, and then only when that user agrees.
    if (emailChanges || phoneChanges) throw new AppError(ErrorCode.contactChangeNeedsIdentity);
    const changes: { displayName?: string; title?: string | null; remark?: string | null } = {};
    if (body.displayName !== undefined) changes.displayName = body.displayName;
    if (target.kind === 'regular' && body.title !== undefined) changes.title = body.title || null;
    if (body.comment !== undefined) changes.remark = body.comment || null;
    if (Object.keys(changes).length > 0) {
      await updateUserColumns(tx, auth.accountId, target.id, changes, now);
      await syncUsers(tx, auth.accountId, [target.id], now);
    }
    await writeAudit(tx, userAudit(auth, meta, now, 'user.update', target, { fields: Object.keys(changes) }));
    if (body.isAdmin !== undefined && !isSelf && target.kind === 'regular') {
      await setAdmin(tx, auth, target, body.isAdmin, meta, now);
    }
  });
  return { pendingChange: null };
}

export async function updateUserStatus(
  deps: TDeps,
  auth: TAuth,
  ids: readonly number[],
  enable: boolean,
  meta: TRequestMeta,
): Promise<{ count: number }> {
  refuseSelf(auth, ids);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const targets = await lockTargets(tx, auth.accountId, ids);
    refuseSystem(targets);
    const changing = targets.filter((t) => !t.deletedAt && t.isEnabled !== enable);
    if (!enable)
      await requireAdminsRemain(
        tx,
        auth.accountId,
        changing.filter((t) => t.isAdmin).map((t) => t.id),
      );
    for (const target of changing) {
      await updateUserColumns(tx, auth.accountId, target.id, { isEnabled: enable }, now);
      const ended = enable
        ? 0
        : await revokeUserSessions(tx, { userId: target.id, now, reason: 'user_disabled' });
      await writeAudit(
        tx,
        userAudit(auth, meta, now, enable ? 'user.enable' : 'user.disable', target, { endedSessions: ended }),
      );
    }
    if (changing.length > 0) {
      await syncUsers(
        tx,
        auth.accountId,
        changing.map((t) => t.id),
        now,
      );
    }
    return { count: changing.length };
  });
}

export async function resetManagedUserPassword(
  deps: TDeps,
  auth: TAuth,
  id: number,
  password: string,
  meta: TRequestMeta,
): Promise<null> {
  const policy = await getPolicy(deps.db, auth.accountId);
  requireUnderPolicy(password, policy);
  const hash = await deps.hasher.hash(password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [target] = await lockTargets(tx, auth.accountId, [id]);
    if (!target) throw new AppError(ErrorCode.forbidden);
    // Managed users are service users (decision 0020): a regular user's password is reset with
    // the administrator's identity check (resetPassword).
    refuseKind([target], 'service');
    refuseSystem([target]);
    refuseDeleted(target);
    await updateUserColumns(
      tx,
      auth.accountId,
      target.id,
      {
        passwordHash: hash,
        passwordChangedAt: now,
        // A service user never signs in on the web: its JDBC and API clients take the new one.
        mustResetPassword: false,
        passwordReminderSentAt: null,
      },
      now,
    );
    const ended = await revokeUserSessions(tx, { userId: target.id, now, reason: 'password_reset' });
    await writeAudit(tx, userAudit(auth, meta, now, 'user.resetPassword', target, { endedSessions: ended }));
  });
  return null;
}

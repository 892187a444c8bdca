/**
 * Creating accounts and activation codes from the back office: the account module's services that
 * the operator commands `account-create` and `activation-create` call, with the operator as actor
 * and the reason in the trail.
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import type { TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { createAccountByOperator, OperatorInputError } from '../account/account.service';
import { issueActivationCode } from '../account/account-center.service';
import { writeAudit } from '../audit';
import { auditOperatorAccountAct, type TOpsActor } from '../operator';

const dayMs = 86_400_000;

export async function createAccount(
  deps: TDeps,
  actor: TOpsActor,
  input: {
    accountName: string;
    adminUsername: string;
    email?: string | null | undefined;
    phone?: string | null | undefined;
    isFormal: boolean;
    reason: string;
  },
  meta: TRequestMeta,
) {
  try {
    const { initialPassword, ...created } = await createAccountByOperator(
      deps,
      {
        accountName: input.accountName,
        adminUsername: input.adminUsername,
        email: input.email ?? null,
        phone: input.phone ?? null,
        isFormal: input.isFormal,
      },
      (tx, created, now) =>
        auditOperatorAccountAct(tx, {
          actor,
          accountId: created.accountId,
          action: 'account.create',
          objectType: 'account',
          objectId: String(created.accountId),
          objectName: created.accountName,
          reason: input.reason,
          info: created.info,
          meta,
          at: now,
        }),
    );
    return { ...created, oneTimePassword: initialPassword };
  } catch (error) {
    if (error instanceof OperatorInputError) {
      if (error.kind === 'nameTaken') throw new AppError(ErrorCode.opsAccountNameTaken);
      if (error.kind === 'contactTaken') throw new AppError(ErrorCode.opsAccountContactTaken);
      throw new AppError(ErrorCode.badRequest, { data: { fieldErrors: {} }, cause: error });
    }
    throw error;
  }
}

/**
 * A single-use activation code, signed with the server key as the operator command's: answered
 * once; the installation's chain keeps its kind, days and a fingerprint, never the code.
 */
export async function createActivationCode(
  deps: TDeps,
  actor: TOpsActor,
  input: {
    kind: 'formal' | 'extend';
    extendDays?: number | undefined;
    validDays?: number | undefined;
    note?: string | undefined;
    reason: string;
  },
  meta: TRequestMeta,
) {
  const now = deps.clock.now();
  const code = issueActivationCode(
    deps.config.secretKey,
    {
      kind: input.kind,
      ...(input.extendDays === undefined ? {} : { extendDays: input.extendDays }),
      ...(input.validDays === undefined ? {} : { validDays: input.validDays }),
      ...(input.note ? { note: input.note } : {}),
    },
    now,
  );
  const extendDays = input.kind === 'extend' ? (input.extendDays ?? 30) : 0;
  const expiresAt = input.validDays === undefined ? null : new Date(now.getTime() + input.validDays * dayMs);
  await writeAudit(deps.db, {
    accountId: null,
    userId: null,
    username: actor.username,
    action: 'account.activationCode',
    objectType: 'account',
    objectId: null,
    objectName: null,
    isSuccess: true,
    info: {
      operator: { id: actor.id, username: actor.username, role: actor.role },
      reason: input.reason,
      kind: input.kind,
      extendDays,
      expiresAt: expiresAt?.toISOString() ?? null,
      code: createHash('sha256').update(code).digest('hex').slice(0, 12),
      ...(input.note ? { note: input.note } : {}),
    },
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  });
  return { code, kind: input.kind, extendDays, expiresAt: expiresAt?.toISOString() ?? null };
}

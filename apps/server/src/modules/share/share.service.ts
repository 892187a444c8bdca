/**
 * Shared job profiles (decision 0023). Any signed-in user of the account shares the profile of a
 * job of an opened Lakehouse instance through a link `/share/jobProfile?token=…` valid 1 to 30 days;
 * the token is answered once and only its digest is kept. The link's creator or an administrator
 * revokes it. Whoever holds the link reads that one profile and nothing else: the public read
 * resolves the token to its stored instance and job (the request names nothing else), needs no
 * session and makes none, and answers only the profile with its instance's and service's names.
 * Unknown tokens count against the client's address (decision 0012); the profile itself is asked
 * of the instance through the provisioner at every opening.
 */
import { randomBytes } from 'node:crypto';
import type {
  TCreatedJobProfileShare,
  TInstanceJobs,
  TJobProfile,
  TJobProfileShare,
  TJobProfileShareList,
  TSharedJobProfile,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import { InstanceStatus, ServiceKind } from '@console/contract/service-enums';
import { ProvisionerError } from '../../adapters/provisioner';
import { requireAdapter } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { underAddressLimit } from '../address-limit';
import { writeAudit } from '../audit';
import { findInstanceById, type TInstanceRecord } from '../service';
import {
  countOpening,
  findAccountShareForUpdate,
  findShareByToken,
  insertShare,
  listAccountShares,
  revokeShare,
  type TListedShare,
  type TShareRow,
} from './share.repository';

const dayMs = 86_400_000;
/** The purpose of the token digests: a share token is no other kind of token. */
const digestPurpose = 'job-profile-share';

type TShareStatus = TJobProfileShare['status'];

function statusOf(row: TShareRow, now: Date): TShareStatus {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

function shareOf(listed: TListedShare, auth: TAuth, now: Date): TJobProfileShare {
  const { row } = listed;
  const status = statusOf(row, now);
  return {
    id: row.id,
    instanceId: row.instanceId,
    instanceName: listed.instanceName,
    jobId: row.jobId,
    createdBy: listed.createdByName,
    createTime: row.createdAt.toISOString(),
    expireTime: row.expiresAt.toISOString(),
    revokeTime: row.revokedAt?.toISOString() ?? null,
    lastOpenTime: row.lastOpenedAt?.toISOString() ?? null,
    openCount: row.openCount,
    status,
    canRevoke: status === 'active' && (auth.isAdmin || row.createdBy === auth.userId),
  };
}

/** Asks the instance through the provisioner: a job it does not have is 4183, any other failure 4185. */
async function askInstance<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProvisionerError) {
      throw new AppError(
        error.reason === 'JOB_NOT_FOUND' ? ErrorCode.jobNotFound : ErrorCode.jobProfileUnavailable,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * The account's opened Lakehouse instance of an id: another account's (or none) is 403, another
 * service's 4184, one that is not opened 4061.
 */
async function requireJobInstance(deps: TDeps, auth: TAuth, instanceId: number): Promise<TInstanceRecord> {
  const instance = await findInstanceById(deps.db, instanceId);
  if (!instance || instance.accountId !== auth.accountId) throw new AppError(ErrorCode.forbidden);
  if (instance.view('en-US').serviceKind !== ServiceKind.studio) {
    throw new AppError(ErrorCode.jobProfileNotLakehouse);
  }
  if (instance.status !== InstanceStatus.opened) throw new AppError(ErrorCode.instanceStateInvalid);
  return instance;
}

export async function listInstanceJobs(
  deps: TDeps,
  auth: TAuth,
  query: { instanceId: number; limit: number },
): Promise<TInstanceJobs> {
  const instance = await requireJobInstance(deps, auth, query.instanceId);
  requireAdapter(deps.config, 'provisioner');
  const list = await askInstance(() => deps.provisioner.listJobs(instance.ref, { limit: query.limit }));
  return { list };
}

export async function createShare(
  deps: TDeps,
  auth: TAuth,
  body: { instanceId: number; jobId: string; expireDays: number },
  meta: TRequestMeta,
): Promise<TCreatedJobProfileShare> {
  const instance = await requireJobInstance(deps, auth, body.instanceId);
  requireAdapter(deps.config, 'provisioner');
  // The job must exist on the instance: a link to nothing is never made.
  await askInstance(() => deps.provisioner.getJobProfile(instance.ref, body.jobId));

  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertShare(tx, {
      accountId: auth.accountId,
      instanceId: instance.id,
      jobId: body.jobId,
      tokenHash: deps.secrets.digest(digestPurpose, token),
      createdBy: auth.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + body.expireDays * dayMs),
    });
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'jobProfileShare.create',
      objectType: 'instance',
      objectId: String(instance.id),
      objectName: instance.ref.instanceName,
      isSuccess: true,
      info: { shareId: inserted.id, jobId: body.jobId, expireDays: body.expireDays },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
    return inserted;
  });
  const listed: TListedShare = {
    row,
    instanceName: instance.ref.instanceName,
    createdByName: auth.username,
  };
  return {
    ...shareOf(listed, auth, now),
    link: `${deps.config.publicUrl}/share/jobProfile?token=${token}`,
  };
}

export async function listShares(
  deps: TDeps,
  auth: TAuth,
  query: { instanceId?: number | undefined; pageNo: number; pageSize: number },
): Promise<TJobProfileShareList> {
  const { rows, total } = await listAccountShares(deps.db, {
    accountId: auth.accountId,
    instanceId: query.instanceId,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  const now = deps.clock.now();
  return {
    list: rows.map((r) => shareOf(r, auth, now)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Revokes a live link of the account: its creator or an administrator; revoking twice changes nothing. */
export async function revokeShareLink(
  deps: TDeps,
  auth: TAuth,
  id: number,
  meta: TRequestMeta,
): Promise<null> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await findAccountShareForUpdate(tx, auth.accountId, id);
    if (!row) throw new AppError(ErrorCode.notFound);
    if (!auth.isAdmin && row.createdBy !== auth.userId) throw new AppError(ErrorCode.shareRevokeNotAllowed);
    if (row.revokedAt) return;
    await revokeShare(tx, row.id, now);
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'jobProfileShare.revoke',
      objectType: 'instance',
      objectId: String(row.instanceId),
      isSuccess: true,
      info: { shareId: row.id, jobId: row.jobId, wasExpired: statusOf(row, now) === 'expired' },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return null;
}

/** The live link of a token: unknown 4180, expired 4181, revoked 4182. */
async function liveShare(deps: TDeps, token: string): Promise<TShareRow> {
  const row = await findShareByToken(deps.db, deps.secrets.digest(digestPurpose, token));
  if (!row) throw new AppError(ErrorCode.shareLinkInvalid);
  if (row.revokedAt) throw new AppError(ErrorCode.shareLinkRevoked);
  if (row.expiresAt.getTime() <= deps.clock.now().getTime()) throw new AppError(ErrorCode.shareLinkExpired);
  return row;
}

/**
 * The public read of a link (no session): its one profile, with the instance's and service's names.
 * Unknown tokens are guesses and count against the address (the `code` kind of decision 0012: a
 * link token is a code carried in a link); a blocked address is refused before any lookup.
 */
export async function readSharedProfile(
  deps: TDeps,
  lang: TLanguage,
  token: string,
  meta: TRequestMeta,
): Promise<TSharedJobProfile> {
  const row = await underAddressLimit(
    deps,
    { scope: 'code', ip: meta.ip, requestId: meta.requestId },
    { isFailure: (error) => error.code === ErrorCode.shareLinkInvalid },
    () => liveShare(deps, token),
  );
  const instance = await findInstanceById(deps.db, row.instanceId);
  if (!instance || instance.accountId !== row.accountId || instance.status !== InstanceStatus.opened) {
    throw new AppError(ErrorCode.instanceStateInvalid);
  }
  requireAdapter(deps.config, 'provisioner');
  const profile: TJobProfile = await askInstance(() =>
    deps.provisioner.getJobProfile(instance.ref, row.jobId),
  );
  await countOpening(deps.db, row.id, deps.clock.now());
  const view = instance.view(lang);
  return {
    instanceName: view.instanceName,
    serviceName: view.serviceName,
    expireTime: row.expiresAt.toISOString(),
    profile,
  };
}

/**
 * Shared job profiles (spec section 2: "/share/jobProfile is treated as a shared page"; decision
 * 0023): a member of the account shares the execution profile of one Lakehouse job through a link
 * that needs no login. The profile comes from the instance through the provisioner; the link's
 * token is answered once, at creation, and only its digest is stored.
 */
import { z } from 'zod';
import { Limits } from '../limits';
import { JobStatuses, ShareLimits } from '../share-rules';
import { vkey, ZId, ZTimestamp } from './common';

export { JobStatuses, ShareLimits, type TJobStatus } from '../share-rules';

/** Job ids as the platform writes them: letters, digits and `._:-`. */
export const ZJobId = z
  .string()
  .trim()
  .min(1, vkey('required'))
  .max(ShareLimits.jobIdMax, vkey('tooLong'))
  .regex(/^[A-Za-z0-9._:-]+$/, vkey('invalidFormat'));

export const ZJobStatus = z.enum(JobStatuses);

const ZCount = z.number().int().min(0);

/** One recent job of an instance, for picking the job to share. */
export const ZJobSummary = z.object({
  jobId: z.string().min(1).max(ShareLimits.jobIdMax),
  status: ZJobStatus,
  submitTime: ZTimestamp,
  /** Milliseconds from start to end (to now while running). */
  durationMs: ZCount,
  /** The first line of its SQL text, at most 200 characters. */
  sqlHead: z.string().max(200),
});
export type TJobSummary = z.infer<typeof ZJobSummary>;

/**
 * A stage or operator of a profile. The tree is flat, in pre-order: a node's `parentId` names a
 * node before it (null for a stage at the top). `timeMs` is the node's own time; `rows` the rows
 * it produced.
 */
export const ZJobProfileNode = z.object({
  id: z.string().min(1).max(64),
  parentId: z.string().min(1).max(64).nullable(),
  kind: z.enum(['stage', 'operator']),
  name: z.string().min(1).max(200),
  /** What it works on (a table, a join condition, a sort key), or null. */
  detail: z.string().max(1000).nullable(),
  timeMs: ZCount,
  rows: ZCount,
});
export type TJobProfileNode = z.infer<typeof ZJobProfileNode>;

/** The execution profile of one job. */
export const ZJobProfile = z.object({
  jobId: z.string().min(1).max(ShareLimits.jobIdMax),
  status: ZJobStatus,
  submitTime: ZTimestamp,
  /** Null while queued. */
  startTime: ZTimestamp.nullable(),
  /** Null while running. */
  endTime: ZTimestamp.nullable(),
  durationMs: ZCount,
  rowsRead: ZCount,
  bytesRead: ZCount,
  rowsWritten: ZCount,
  bytesWritten: ZCount,
  sql: z.string().max(ShareLimits.sqlMax),
  /** Why a failed job failed; null otherwise. */
  errorMessage: z.string().max(4000).nullable(),
  nodes: z.array(ZJobProfileNode).max(ShareLimits.profileNodesMax),
});
export type TJobProfile = z.infer<typeof ZJobProfile>;

const ZPageNo = z.coerce
  .number()
  .int()
  .min(0)
  .default(1)
  .transform((v) => v || 1);

/** A recent-jobs list of an opened Lakehouse instance of the account. */
export const ZInstanceJobsQuery = z.object({
  instanceId: z.coerce.number().pipe(ZId),
  limit: z.coerce.number().int().min(1).max(ShareLimits.recentJobsMax).default(ShareLimits.recentJobsDefault),
});
export const ZInstanceJobs = z.object({ list: z.array(ZJobSummary) });
export type TInstanceJobs = z.infer<typeof ZInstanceJobs>;

export const ZCreateJobProfileShareRequest = z.object({
  accountId: ZId.optional(),
  instanceId: ZId,
  jobId: ZJobId,
  expireDays: z
    .number(vkey('shareExpireDays'))
    .int(vkey('shareExpireDays'))
    .min(ShareLimits.expireDaysMin, vkey('shareExpireDays'))
    .max(ShareLimits.expireDaysMax, vkey('shareExpireDays'))
    .default(ShareLimits.expireDaysDefault),
});
export type TCreateJobProfileShareRequest = z.input<typeof ZCreateJobProfileShareRequest>;

/** A share link as the service page lists it (never its token). */
export const ZJobProfileShare = z.object({
  id: ZId,
  instanceId: ZId,
  instanceName: z.string(),
  jobId: z.string(),
  /** Username of who shared it (null once that user is gone). */
  createdBy: z.string().nullable(),
  createTime: ZTimestamp,
  expireTime: ZTimestamp,
  revokeTime: ZTimestamp.nullable(),
  lastOpenTime: ZTimestamp.nullable(),
  openCount: ZCount,
  status: z.enum(['active', 'expired', 'revoked']),
  /** The caller may revoke it: its creator, or an administrator, while it is active. */
  canRevoke: z.boolean(),
});
export type TJobProfileShare = z.infer<typeof ZJobProfileShare>;

/** A new link: the only answer that carries its token (inside `link`). */
export const ZCreatedJobProfileShare = ZJobProfileShare.extend({ link: z.string() });
export type TCreatedJobProfileShare = z.infer<typeof ZCreatedJobProfileShare>;

export const ZJobProfileShareListQuery = z.object({
  instanceId: z.coerce.number().pipe(ZId).optional(),
  pageNo: ZPageNo,
  pageSize: z.coerce.number().int().min(1).max(Limits.pageSizeMax).default(Limits.pageSizeDefault),
});
export const ZJobProfileShareList = z.object({
  list: z.array(ZJobProfileShare),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TJobProfileShareList = z.infer<typeof ZJobProfileShareList>;

export const ZJobProfileShareIdRequest = z.object({ accountId: ZId.optional(), id: ZId });

export const ZShareTokenQuery = z.object({
  token: z.string().trim().min(1, vkey('required')).max(ShareLimits.tokenMax, vkey('tooLong')),
});

/** What the public page shows: the one profile, and its instance and service for the heading. */
export const ZSharedJobProfile = z.object({
  instanceName: z.string(),
  serviceName: z.string(),
  expireTime: ZTimestamp,
  profile: ZJobProfile,
});
export type TSharedJobProfile = z.infer<typeof ZSharedJobProfile>;

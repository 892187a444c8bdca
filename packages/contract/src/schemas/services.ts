/**
 * Services (spec sections 3 "Service subscription" and enumerations, 4, 7 "Service" and "Insight",
 * 9; PRODUCT-FACTS "Accounts and login addresses"): the catalogue of services, versions, cloud
 * providers and regions; the account's instances and their provisioning; Insight users; the
 * signed-in user's workspaces.
 */
import { z } from 'zod';
import { Limits } from '../limits';
import { ServiceLimits, ServiceVersionCodes } from '../service-enums';
import { ZId, ZTimestamp } from './common';

export {
  InsightSeatStatuses,
  InsightUserStatus,
  InstanceStatus,
  ServiceKind,
  ServiceLimits,
  ServiceVersionCodes,
  type TInsightUserStatus,
  type TInstanceStatus,
  type TServiceKind,
  type TServiceVersionCode,
} from '../service-enums';

const ZPageNo = z.coerce
  .number()
  .int()
  .min(0)
  .default(1)
  .transform((v) => v || 1);

export const ZService = z.object({
  id: ZId,
  /** Product kind: studio (Lakehouse) 1, decision (data assistant) 2, hengshi (Insight) 3. */
  kind: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  code: z.string(),
  name: z.string(),
  description: z.string(),
});
export type TService = z.infer<typeof ZService>;

export const ZServiceVersion = z.object({
  id: ZId,
  serviceId: ZId,
  code: z.enum(ServiceVersionCodes),
  name: z.string(),
  /** Days a trial version lasts; null for formal versions. */
  trialDays: z.number().int().nullable(),
  /** Most Insight users enabled at once under this version; null where no limit applies. */
  userLimit: z.number().int().nullable(),
});
export type TServiceVersion = z.infer<typeof ZServiceVersion>;

export const ZCsp = z.object({ code: z.string(), name: z.string() });
export type TCsp = z.infer<typeof ZCsp>;

export const ZRegion = z.object({
  id: ZId,
  csp: z.string(),
  cspName: z.string(),
  code: z.string(),
  name: z.string(),
});
export type TRegion = z.infer<typeof ZRegion>;

/** A region offering a service, and whether the account already has a live instance of it there. */
export const ZServiceRegion = ZRegion.extend({ isTaken: z.boolean() });
export type TServiceRegion = z.infer<typeof ZServiceRegion>;

export const ZServiceIdRequest = z.object({ serviceId: z.coerce.number().pipe(ZId) });
export const ZRegionListQuery = z.object({ csp: z.string().trim().max(32).optional() });

export const ZAccountTag = z.object({ key: z.string(), value: z.string() });
export type TAccountTag = z.infer<typeof ZAccountTag>;

export const ZCreateInstanceRequest = z.object({
  accountId: ZId.optional(),
  serviceId: ZId,
  versionId: ZId,
  regionId: ZId,
});
export type TCreateInstanceRequest = z.input<typeof ZCreateInstanceRequest>;

export const ZInstance = z.object({
  id: ZId,
  serviceId: ZId,
  serviceKind: z.number().int(),
  serviceName: z.string(),
  versionId: ZId,
  versionCode: z.enum(ServiceVersionCodes),
  versionName: z.string(),
  regionId: ZId,
  csp: z.string(),
  cspName: z.string(),
  region: z.string(),
  regionName: z.string(),
  /** 8 random lowercase letters and digits, used by JDBC and SDK clients. */
  instanceName: z.string(),
  /** -1 closed, 0 opening, 1 opened, 2 openFailed, 3 hidden. */
  status: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** The instance's address; null until it is opened. */
  url: z.string().nullable(),
  /** Why opening failed (a reason code of the provisioner, or `timeout`). */
  failReason: z.string().nullable(),
  createTime: ZTimestamp,
  openTime: ZTimestamp.nullable(),
  closeTime: ZTimestamp.nullable(),
});
export type TInstance = z.infer<typeof ZInstance>;

export const ZInstanceListQuery = z.object({
  serviceId: z.coerce.number().pipe(ZId).optional(),
  pageNo: ZPageNo,
  pageSize: z.coerce.number().int().min(1).max(Limits.pageSizeMax).default(Limits.pageSizeDefault),
});
export type TInstanceListQuery = z.input<typeof ZInstanceListQuery>;

export const ZInstanceList = z.object({
  list: z.array(ZInstance),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TInstanceList = z.infer<typeof ZInstanceList>;

export const ZInstanceIdQuery = z.object({ instanceId: z.coerce.number().pipe(ZId) });
export const ZInstanceIdRequest = z.object({ accountId: ZId.optional(), instanceId: ZId });
export const ZInstanceUrl = z.object({ instanceId: ZId, instanceName: z.string(), url: z.string() });

/** The account's Insight service: its instance, the seats and how many are taken. */
export const ZInsightServiceInfo = z.object({
  isOpened: z.boolean(),
  instance: ZInstance.nullable(),
  userLimit: z.number().int().nullable(),
  enabledCount: z.number().int(),
});
export type TInsightServiceInfo = z.infer<typeof ZInsightServiceInfo>;

export const ZInsightUserListQuery = z.object({
  pageNo: ZPageNo,
  pageSize: z.coerce.number().int().min(1).max(ServiceLimits.insightPageSizeMax).default(20),
  /** Part of the username, display name or e-mail address (the whole address: the list shows it masked). */
  keyword: z.string().trim().max(128).optional(),
});
export type TInsightUserListQuery = z.input<typeof ZInsightUserListQuery>;

export const ZInsightUser = z.object({
  userId: ZId,
  username: z.string(),
  displayName: z.string(),
  /** Masked as the user list masks it (`an***@demo.example`). */
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isSelf: z.boolean(),
  /** -1 closed (never enabled), 0 starting, 1 started, 2 start failed, 3 stopping, 4 stopped, 5 stop failed. */
  status: z.number().int().min(-1).max(5),
  role: z.string().nullable(),
  roleName: z.string().nullable(),
  failReason: z.string().nullable(),
  updateTime: ZTimestamp.nullable(),
});
export type TInsightUser = z.infer<typeof ZInsightUser>;

export const ZInsightUserList = z.object({
  list: z.array(ZInsightUser),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  userLimit: z.number().int().nullable(),
  enabledCount: z.number().int(),
});
export type TInsightUserList = z.infer<typeof ZInsightUserList>;

const ZUserIds = z.array(ZId).min(1).max(ServiceLimits.insightBulkMax);

export const ZEnableInsightUsersRequest = z.object({
  accountId: ZId.optional(),
  userIds: ZUserIds,
  /** An Insight role code (`/insight/user/roles`); the default role when absent. */
  role: z.string().trim().min(1).max(32).optional(),
});
export type TEnableInsightUsersRequest = z.input<typeof ZEnableInsightUsersRequest>;

export const ZDisableInsightUsersRequest = z.object({ accountId: ZId.optional(), userIds: ZUserIds });
export type TDisableInsightUsersRequest = z.input<typeof ZDisableInsightUsersRequest>;

export const ZInsightChange = z.object({ count: z.number().int() });

export const ZInsightRole = z.object({ code: z.string(), name: z.string(), isDefault: z.boolean() });
export type TInsightRole = z.infer<typeof ZInsightRole>;

export const ZInsightSyncStatus = z.object({
  status: z.enum(['synced', 'syncing', 'failed']),
  /** Users whose Insight change is still under way, and those whose change failed. */
  pending: z.number().int(),
  failed: z.number().int(),
  updateTime: ZTimestamp.nullable(),
});
export type TInsightSyncStatus = z.infer<typeof ZInsightSyncStatus>;

export const ZListUserWorkspacesRequest = z.object({
  instanceId: ZId.optional(),
  /** Default: the signed-in user; another user of the account needs the administrator role. */
  userId: ZId.optional(),
});

export const ZWorkspace = z.object({ name: z.string(), role: z.string(), createTime: ZTimestamp.nullable() });

export const ZInstanceWorkspaces = z.object({
  instanceId: ZId,
  instanceName: z.string(),
  serviceName: z.string(),
  regionName: z.string(),
  url: z.string().nullable(),
  workspaces: z.array(ZWorkspace),
  /** The platform did not answer in time: the list is empty for now, not for good. */
  isUnavailable: z.boolean(),
});
export const ZUserWorkspaces = z.array(ZInstanceWorkspaces);
export type TUserWorkspaces = z.infer<typeof ZUserWorkspaces>;

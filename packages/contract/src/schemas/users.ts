/**
 * User management and roles (spec sections 3, 7 "User" and "Role"): the administrator's list of
 * the account's users, adding regular and service users, editing, enabling and disabling,
 * deleting (recoverable for a period) and recovering, resetting another user's password, and the
 * account's roles and their grants.
 */
import { z } from 'zod';
import { ServiceUserKinds, UserKinds } from '../enums';
import { Limits } from '../limits';
import { Patterns } from '../rules';
import { vkey, ZId, ZTimestamp } from './common';
import { ZInvitationChannel, ZUserInvitation } from './invitation';
import { ZNewPassword, ZPendingChange } from './self-service';
import { ZEmail, ZPhone, ZPhoneCode } from './verification';

export { CustomJobTitle, JobTitles, type TJobTitle } from '../job-titles';

/** Longest job title, display name and search text. */
export const UserFieldLimits = {
  titleMax: Limits.jobTitleMax,
  displayNameMax: Limits.displayNameMax,
  keywordMax: 128,
  bulkMax: 200,
} as const;

/**
 * A search counts its matches up to this many: beyond, the list answers "more than" this number
 * (`isTotalCapped`), so that a broad search costs no more than finding that many users.
 */
export const userListCountMax = 1_000;

/** An empty string (or null) reads as absent: the spec removes empty phone and e-mail from payloads. */
function optionalText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
}

export const ZUsername = z
  .string(vkey('usernameRequired'))
  .trim()
  .min(1, vkey('usernameRequired'))
  .regex(Patterns.username, vkey('usernameFormat'));
export const ZRemark = z.string().max(Limits.remarkMax);
export const ZJobTitle = z.string().trim().max(UserFieldLimits.titleMax);
export const ZDisplayName = z.string().trim().max(UserFieldLimits.displayNameMax);

export const UserStatuses = ['enabled', 'disabled', 'deleted'] as const;
export type TUserStatus = (typeof UserStatuses)[number];
export const UserSortFields = ['username', 'createTime', 'lastLoginTime'] as const;
export const SortOrders = ['ascend', 'descend'] as const;

export const ZRoleRef = z.object({ id: ZId, code: z.string(), name: z.string() });

/** A row of the user list. Phone and e-mail are masked unless the request asked to reveal them. */
export const ZUserRow = z.object({
  id: ZId,
  accountId: ZId,
  username: z.string(),
  displayName: z.string(),
  phone: z.string().nullable(),
  phoneCode: z.string(),
  email: z.string().nullable(),
  title: z.string().nullable(),
  remark: z.string().nullable(),
  kind: z.enum(UserKinds),
  serviceKind: z.enum(ServiceUserKinds).nullable(),
  isAdmin: z.boolean(),
  roles: z.array(ZRoleRef),
  status: z.enum(UserStatuses),
  lastLoginTime: ZTimestamp.nullable(),
  createTime: ZTimestamp,
  /** A contact change waiting for the user's agreement. */
  pendingChange: z
    .object({
      id: ZId,
      email: z.string().nullable(),
      phone: z.string().nullable(),
      expireTime: ZTimestamp,
    })
    .nullable(),
  /** When the user was deleted, and when it is removed for good (the countdown's end). */
  deleteTime: ZTimestamp.nullable(),
  purgeTime: ZTimestamp.nullable(),
  isSelf: z.boolean(),
  /** The user's latest invitation not accepted (pending, expired or revoked); null when none. */
  invitation: ZUserInvitation.nullable(),
  /** The second factors an administrator can reset (`resetUserMfa`): a bound authenticator app, and passkeys. */
  secondFactors: z.object({ hasAuthenticator: z.boolean(), passkeys: z.number().int().min(0) }),
});
export type TUserRow = z.infer<typeof ZUserRow>;

export const ZUserListRequest = z.object({
  accountId: ZId.optional(),
  /** From 1; 0 reads as 1. */
  pageNo: z.coerce
    .number()
    .int()
    .min(0)
    .default(1)
    .transform((v) => v || 1),
  pageSize: z.coerce.number().int().min(1).max(Limits.pageSizeMax).default(Limits.pageSizeDefault),
  /** Part of the username, display name, phone or e-mail. */
  keyword: z.string().trim().max(UserFieldLimits.keywordMax).optional(),
  sortField: z.enum(UserSortFields).optional(),
  sortOrder: z.enum(SortOrders).optional(),
  kind: z.enum(UserKinds).optional(),
  /** Full phone numbers and e-mail addresses instead of masked ones (administrators only). */
  reveal: z.boolean().optional(),
  /**
   * The `nextCursor` or `prevCursor` of the page shown, to move to the page after or before it at
   * the cost of the first page (then `pageNo` is that of the cursor). Valid only for the same
   * account, sort, search, kind and page size (4159 otherwise).
   */
  cursor: z.string().max(512).optional(),
});
export type TUserListRequest = z.input<typeof ZUserListRequest>;

export const ZUserList = z.object({
  list: z.array(ZUserRow),
  /** Users matching (all pages); a search counts up to `userListCountMax`. */
  total: z.number().int(),
  /** True when more users than `total` match the search (the count stopped at `userListCountMax`). */
  isTotalCapped: z.boolean(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** The cursor of the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The cursor of the previous page; null on the first page. */
  prevCursor: z.string().nullable(),
  /** Days a deleted user stays recoverable. */
  retentionDays: z.number().int(),
});
export type TUserList = z.infer<typeof ZUserList>;

export const ZUserIdRef = z.object({ id: ZId });

export const ZAddUserRequest = z
  .object({
    accountId: ZId.optional(),
    username: ZUsername,
    /** The initial password; absent when `invite` sends an invitation instead. */
    password: ZNewPassword.optional(),
    displayName: optionalText(ZDisplayName),
    phone: optionalText(ZPhone),
    phoneCode: optionalText(ZPhoneCode),
    email: optionalText(ZEmail),
    title: optionalText(ZJobTitle),
    remark: optionalText(ZRemark),
    isAdmin: z.boolean().optional(),
    /** Send an invitation link instead of setting a password (needs the e-mail or phone). */
    invite: z.boolean().optional(),
    /** Where the invitation goes; default by edition (domestic SMS, international e-mail). */
    inviteChannel: ZInvitationChannel.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.invite) {
      if (body.password === undefined)
        ctx.addIssue({ code: 'custom', path: ['password'], message: vkey('passwordRequired').error });
      return;
    }
    if (body.password !== undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: vkey('inviteWithoutPassword').error });
    const channel = body.inviteChannel;
    if (channel === 'EMAIL' ? !body.email : channel === 'SMS' ? !body.phone : !body.email && !body.phone)
      ctx.addIssue({
        code: 'custom',
        path: [channel === 'SMS' ? 'phone' : 'email'],
        message: vkey('inviteNeedsContact').error,
      });
  });
export type TAddUserRequest = z.input<typeof ZAddUserRequest>;
export type TAddUserBody = z.output<typeof ZAddUserRequest>;

export const ZAddManagedUserRequest = z.object({
  accountId: ZId.optional(),
  username: ZUsername,
  password: ZNewPassword,
  remark: optionalText(ZRemark),
});
export type TAddManagedUserRequest = z.input<typeof ZAddManagedUserRequest>;
export type TAddManagedUserBody = z.output<typeof ZAddManagedUserRequest>;

/** The edit payload of spec section 3 (`name` is read-only, `comment` is the remark). */
export const ZUpdateUserRequest = z.object({
  id: ZId,
  accountId: ZId.optional(),
  name: z.string().max(64).optional(),
  displayName: optionalText(ZDisplayName),
  phone: optionalText(ZPhone),
  phoneCode: optionalText(ZPhoneCode),
  email: optionalText(ZEmail),
  title: z.preprocess((v) => (v === null ? '' : v), ZJobTitle.optional()),
  comment: z.preprocess((v) => (v === null ? '' : v), ZRemark.optional()),
  isAdmin: z.boolean().optional(),
});
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

export const ZUpdateUserResult = z.object({
  /** A change of another user's phone or e-mail waits for that user's agreement. */
  pendingChange: ZPendingChange.nullable(),
});
export type TUpdateUserResult = z.infer<typeof ZUpdateUserResult>;

const ZIdList = z.array(ZId).min(1).max(UserFieldLimits.bulkMax);

export const ZUpdateUserStatusRequest = z.object({
  accountId: ZId.optional(),
  ids: ZIdList,
  /** 1 enable, 0 disable. */
  status: z.union([z.literal(0), z.literal(1)]),
});
export type TUpdateUserStatusRequest = z.input<typeof ZUpdateUserStatusRequest>;

export const ZBulkResult = z.object({ count: z.number().int() });
export type TBulkResult = z.infer<typeof ZBulkResult>;

/** Body or query (the spec sends the payload of delete and recover also as query). */
export const ZDeleteUserRequest = z.object({
  accountId: z.coerce.number().int().positive().optional(),
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map(Number) : typeof v === 'number' ? [v] : v),
    ZIdList,
  ),
  /** Remove for good at once instead of the recoverable deletion. */
  force: z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean()).optional(),
});
export type TDeleteUserRequest = z.input<typeof ZDeleteUserRequest>;
export const ZDeleteUserQuery = ZDeleteUserRequest.partial();

/**
 * An administrator resets another user's login protection (the authenticator app and every
 * passkey), with a reason kept in the audit log; headers carry the administrator's own proof.
 */
export const ZResetUserMfaRequest = z.object({
  accountId: ZId.optional(),
  userId: ZId,
  reason: z
    .string(vkey('required'))
    .trim()
    .min(1, vkey('required'))
    .max(Limits.mfaResetReasonMax, vkey('tooLong')),
});
export type TResetUserMfaRequest = z.input<typeof ZResetUserMfaRequest>;

/** What the reset removed and ended, and whether the user was told (and where, masked). */
export const ZResetUserMfaResult = z.object({
  removedAuthenticator: z.boolean(),
  removedPasskeys: z.number().int().min(0),
  endedSessions: z.number().int().min(0),
  notice: z.object({
    isSent: z.boolean(),
    channel: z.enum(['SMS', 'EMAIL']).nullable(),
    target: z.string().nullable(),
  }),
});
export type TResetUserMfaResult = z.infer<typeof ZResetUserMfaResult>;

export const ZResetManagedUserPasswordRequest = z.object({
  accountId: ZId.optional(),
  id: ZId,
  password: ZNewPassword,
});
export type TResetManagedUserPasswordRequest = z.input<typeof ZResetManagedUserPasswordRequest>;

export const ZCheckPropertiesRequest = z.object({
  accountId: ZId.optional(),
  /** The user being edited (its own username does not count as taken). */
  id: ZId.optional(),
  username: z.string().max(64).optional(),
  phone: z.string().max(20).optional(),
  phoneCode: optionalText(ZPhoneCode),
  email: z.string().max(254).optional(),
});
export type TCheckPropertiesRequest = z.input<typeof ZCheckPropertiesRequest>;
export const ZCheckPropertiesResult = z.object({
  isValid: z.boolean(),
  fieldErrors: z.record(z.string(), z.string()),
});
export type TCheckPropertiesResult = z.infer<typeof ZCheckPropertiesResult>;

export const ZUserIdQuery = z.object({
  accountId: z.coerce.number().int().positive().optional(),
  id: z.coerce.number().int().positive(),
});
export const ZUserIdsQuery = z.object({
  accountId: z.coerce.number().int().positive().optional(),
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map(Number) : v),
    z.array(z.number().int().positive()).min(1).max(UserFieldLimits.bulkMax),
  ),
});

export const UserSyncStatuses = ['syncing', 'synced', 'failed'] as const;
export type TUserSyncState = (typeof UserSyncStatuses)[number];

/** `id` (the spec's call), or `ids` (a page of the list in one call), or both. */
export const ZUserSyncQuery = z
  .object({
    accountId: z.coerce.number().int().positive().optional(),
    id: z.coerce.number().int().positive().optional(),
    ids: ZUserIdsQuery.shape.ids.optional(),
  })
  .refine((q) => q.id !== undefined || (q.ids?.length ?? 0) > 0, { path: ['id'], ...vkey('required') });
export type TUserSyncQuery = z.input<typeof ZUserSyncQuery>;

/**
 * How far the live instances have applied the users' latest changes: `status` and `updateTime`
 * of all the users asked together (failed before syncing before synced), and each user's own.
 */
export const ZUserSyncStatus = z.object({
  status: z.enum(UserSyncStatuses),
  updateTime: ZTimestamp.nullable(),
  users: z.array(z.object({ id: ZId, status: z.enum(UserSyncStatuses), updateTime: ZTimestamp.nullable() })),
});
export type TUserSyncStatus = z.infer<typeof ZUserSyncStatus>;

/** Queues again the failed synchronisation of users to the live instances. */
export const ZRetryUserSyncRequest = z.object({ accountId: ZId.optional(), ids: ZIdList });
export type TRetryUserSyncRequest = z.input<typeof ZRetryUserSyncRequest>;

/** What the users own on the service instances that a deletion or disabling affects. */
export const ZOwnedResources = z.object({
  scheduledTasks: z.number().int(),
  syncTasks: z.number().int(),
  permissionApprovals: z.number().int(),
});
export type TOwnedResources = z.infer<typeof ZOwnedResources>;

// ---- roles ---------------------------------------------------------------------------------

export const ZRole = z.object({
  id: ZId,
  code: z.string(),
  name: z.string(),
  /** The account administrator role: the account's highest-id role. */
  isAdminRole: z.boolean(),
  userCount: z.number().int(),
});
export type TRole = z.infer<typeof ZRole>;
export const ZRoleList = z.array(ZRole);

export const ZRoleDetail = ZRole.extend({
  resources: z.array(z.object({ resourceName: z.string(), resourceType: z.number().int() })),
});
export type TRoleDetail = z.infer<typeof ZRoleDetail>;

export const ZAccountOnly = z.object({ accountId: ZId.optional() });
export const ZRoleIdRequest = z.object({ accountId: ZId.optional(), roleId: ZId });
export const ZRoleUserListRequest = z.object({
  accountId: ZId.optional(),
  roleId: ZId,
  pageNo: z.coerce
    .number()
    .int()
    .min(0)
    .default(1)
    .transform((v) => v || 1),
  pageSize: z.coerce.number().int().min(1).max(Limits.pageSizeMax).default(Limits.pageSizeDefault),
});
export const ZRoleUserList = z.object({
  list: z.array(z.object({ id: ZId, username: z.string(), displayName: z.string(), grantTime: ZTimestamp })),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TRoleUserList = z.infer<typeof ZRoleUserList>;

export const ZRoleGrantRequest = z.object({ accountId: ZId.optional(), userId: ZId, roleId: ZId });
export type TRoleGrantRequest = z.input<typeof ZRoleGrantRequest>;

export const ZUserRoleQuery = z.object({
  accountId: z.coerce.number().int().positive().optional(),
  /** Default: the signed-in user; another user's roles need the administrator role. */
  userId: z.coerce.number().int().positive().optional(),
});
export const ZUserRoleList = z.array(ZRoleRef.extend({ isAdminRole: z.boolean() }));
export type TUserRoleList = z.infer<typeof ZUserRoleList>;
export const ZTenantAdmin = z.object({ isTenantAdmin: z.boolean() });

/**
 * The services' enumerations (spec section 3) and limits, apart from their schemas: the web pages
 * that only need these constants do not load zod and the schemas with them (decision 0008).
 */
/** Service product kinds of spec section 3. */
export const ServiceKind = { studio: 1, decision: 2, hengshi: 3 } as const;
export type TServiceKind = (typeof ServiceKind)[keyof typeof ServiceKind];

/** Instance statuses of spec section 3. */
export const InstanceStatus = { closed: -1, opening: 0, opened: 1, openFailed: 2, hidden: 3 } as const;
export type TInstanceStatus = (typeof InstanceStatus)[keyof typeof InstanceStatus];

/**
 * The platform's preset workspace roles of a Lakehouse instance, from the most to the least
 * powerful (a workspace may also hold custom roles, whose names its administrators chose: the
 * console shows those as they are).
 */
export const WorkspaceRoles = [
  'workspace_admin',
  'workspace_dev',
  'workspace_analyst',
  'workspace_sre',
  'workspace_user',
] as const;
export type TWorkspaceRole = (typeof WorkspaceRoles)[number];

/** Insight user statuses of spec section 3 (`USER_STOPING` is the spec's spelling). */
export const InsightUserStatus = {
  closed: -1,
  USER_STARTING: 0,
  USER_START_SUCCESS: 1,
  USER_START_FAIL: 2,
  USER_STOPING: 3,
  USER_STOP_SUCCESS: 4,
  USER_STOP_FAIL: 5,
} as const;
export type TInsightUserStatus = (typeof InsightUserStatus)[keyof typeof InsightUserStatus];

/** Insight statuses that hold one of the enabled seats counted against the limit. */
export const InsightSeatStatuses: readonly number[] = [
  InsightUserStatus.USER_STARTING,
  InsightUserStatus.USER_START_SUCCESS,
  InsightUserStatus.USER_STOPING,
  InsightUserStatus.USER_STOP_FAIL,
];

export const ServiceVersionCodes = ['trial', 'formal'] as const;
export type TServiceVersionCode = (typeof ServiceVersionCodes)[number];

/** Longest list of user ids in one Insight enable or disable request; the Insight list's page size. */
export const ServiceLimits = { insightBulkMax: 500, insightPageSizeMax: 9999 } as const;

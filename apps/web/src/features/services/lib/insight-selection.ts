/**
 * What the Insight users page may do with the selected users. Enable applies to users without a
 * seat who are not being changed (never enabled, enable failed, disabled); Disable to enabled
 * users and those whose disabling failed. Users being enabled or disabled (0, 3) are not
 * selectable. A row's Retry enables again a user whose enabling failed (2) and disables again a
 * user whose disabling failed (5).
 */
import { InsightUserStatus } from '@console/contract/service-enums';

const enableable: readonly number[] = [
  InsightUserStatus.closed,
  InsightUserStatus.USER_START_FAIL,
  InsightUserStatus.USER_STOP_SUCCESS,
];
const disableable: readonly number[] = [
  InsightUserStatus.USER_START_SUCCESS,
  InsightUserStatus.USER_STOP_FAIL,
];

export type TSelectable = { userId: number; status: number };

export function canSelect(user: TSelectable): boolean {
  return user.status !== InsightUserStatus.USER_STARTING && user.status !== InsightUserStatus.USER_STOPING;
}

export type TSelectionActions = {
  /** The selected users Enable applies to. */
  enableIds: number[];
  /** The selected users Disable applies to. */
  disableIds: number[];
  canEnable: boolean;
  canDisable: boolean;
  /** Enabling them all would go over the limit (the server then refuses with 4063). */
  isOverLimit: boolean;
};

export function selectionActions(
  selected: readonly TSelectable[],
  limit: { userLimit: number | null; enabledCount: number } = { userLimit: null, enabledCount: 0 },
): TSelectionActions {
  const enableIds = selected.filter((u) => enableable.includes(u.status)).map((u) => u.userId);
  const disableIds = selected.filter((u) => disableable.includes(u.status)).map((u) => u.userId);
  const isOverLimit = limit.userLimit !== null && limit.enabledCount + enableIds.length > limit.userLimit;
  return {
    enableIds,
    disableIds,
    canEnable: enableIds.length > 0,
    canDisable: disableIds.length > 0,
    isOverLimit,
  };
}

export type TRowRetry = 'enable' | 'disable' | null;

/** The row's Retry: enable again after a failed enabling, disable again after a failed disabling. */
export function rowRetry(status: number): TRowRetry {
  if (status === InsightUserStatus.USER_START_FAIL) return 'enable';
  if (status === InsightUserStatus.USER_STOP_FAIL) return 'disable';
  return null;
}

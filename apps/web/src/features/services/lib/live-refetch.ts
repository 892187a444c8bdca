/**
 * Live status without reloading: a list refetches every 2 s while something in it is under way
 * (an instance opening; an Insight user being enabled or disabled) and stops once all settle.
 */
import { InsightUserStatus, InstanceStatus } from '@console/contract/service-enums';

export const LiveRefetchMs = 2000;

/** Insight statuses that change by themselves (the platform is applying a change). */
const insightBusyStatuses: readonly number[] = [
  InsightUserStatus.USER_STARTING,
  InsightUserStatus.USER_STOPING,
];

export function isInstanceBusy(status: number): boolean {
  return status === InstanceStatus.opening;
}

export function isInsightUserBusy(status: number): boolean {
  return insightBusyStatuses.includes(status);
}

/** The refetch interval of an instance list: 2 s while one is opening, else none. */
export function instancesRefetchInterval(list: readonly { status: number }[] | undefined): number | false {
  return list?.some((instance) => isInstanceBusy(instance.status)) ? LiveRefetchMs : false;
}

/** The refetch interval of the Insight user list: 2 s while a user is starting or stopping, else none. */
export function insightUsersRefetchInterval(list: readonly { status: number }[] | undefined): number | false {
  return list?.some((user) => isInsightUserBusy(user.status)) ? LiveRefetchMs : false;
}

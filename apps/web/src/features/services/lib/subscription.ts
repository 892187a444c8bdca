/**
 * A service's subscription as the service page shows it (spec section 3 "Service subscription"):
 * its version(s), enable time (the earliest opening among its live instances) and instance count.
 */
import { InstanceStatus } from '@console/contract/service-enums';

export type TSubscriptionInstance = {
  status: number;
  versionCode: string;
  versionName: string;
  openTime: string | null;
};

export type TSubscription = {
  /** Distinct versions of the live instances, in order of first appearance. */
  versions: { code: string; name: string }[];
  /** ISO time of the earliest opening, null when none has opened. */
  enableTime: string | null;
  /** Instances neither closed nor hidden. */
  liveCount: number;
};

export function isLiveInstance(status: number): boolean {
  return status !== InstanceStatus.closed && status !== InstanceStatus.hidden;
}

export function subscriptionOf(instances: readonly TSubscriptionInstance[]): TSubscription {
  const live = instances.filter((i) => isLiveInstance(i.status));
  const versions: TSubscription['versions'] = [];
  for (const i of live) {
    if (!versions.some((v) => v.code === i.versionCode))
      versions.push({ code: i.versionCode, name: i.versionName });
  }
  let enableTime: string | null = null;
  for (const i of live) {
    if (i.openTime && (enableTime === null || Date.parse(i.openTime) < Date.parse(enableTime))) {
      enableTime = i.openTime;
    }
  }
  return { versions, enableTime, liveCount: live.length };
}

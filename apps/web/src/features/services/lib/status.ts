/**
 * How statuses show (spec section 3): the phrase key, the tag colour and whether a spinner turns.
 * Instance: closed -1, opening 0, opened 1, openFailed 2, hidden 3. Insight user: closed -1,
 * USER_STARTING 0, USER_START_SUCCESS 1, USER_START_FAIL 2, USER_STOPING 3, USER_STOP_SUCCESS 4,
 * USER_STOP_FAIL 5.
 */
import { InsightUserStatus, InstanceStatus } from '@console/contract/service-enums';

export type TStatusView<K extends string> = {
  /** Key under `status` (instances) or `insight.status` (Insight users) of the services phrases. */
  key: K;
  /** A tag colour (of components/ui/tag). */
  color: 'processing' | 'success' | 'error' | 'default' | 'warning';
  isBusy: boolean;
  isFailed: boolean;
};

export type TInstanceStatusKey = 'closed' | 'opening' | 'opened' | 'openFailed' | 'hidden';

const instanceViews: Record<number, TStatusView<TInstanceStatusKey>> = {
  [InstanceStatus.closed]: { key: 'closed', color: 'default', isBusy: false, isFailed: false },
  [InstanceStatus.opening]: { key: 'opening', color: 'processing', isBusy: true, isFailed: false },
  [InstanceStatus.opened]: { key: 'opened', color: 'success', isBusy: false, isFailed: false },
  [InstanceStatus.openFailed]: { key: 'openFailed', color: 'error', isBusy: false, isFailed: true },
  [InstanceStatus.hidden]: { key: 'hidden', color: 'default', isBusy: false, isFailed: false },
};

export function instanceStatusView(status: number): TStatusView<TInstanceStatusKey> {
  return instanceViews[status] ?? { key: 'closed', color: 'default', isBusy: false, isFailed: false };
}

export type TInsightStatusKey =
  | 'closed'
  | 'starting'
  | 'started'
  | 'startFailed'
  | 'stopping'
  | 'stopped'
  | 'stopFailed';

const insightViews: Record<number, TStatusView<TInsightStatusKey>> = {
  [InsightUserStatus.closed]: { key: 'closed', color: 'default', isBusy: false, isFailed: false },
  [InsightUserStatus.USER_STARTING]: { key: 'starting', color: 'processing', isBusy: true, isFailed: false },
  [InsightUserStatus.USER_START_SUCCESS]: {
    key: 'started',
    color: 'success',
    isBusy: false,
    isFailed: false,
  },
  [InsightUserStatus.USER_START_FAIL]: { key: 'startFailed', color: 'error', isBusy: false, isFailed: true },
  [InsightUserStatus.USER_STOPING]: { key: 'stopping', color: 'processing', isBusy: true, isFailed: false },
  [InsightUserStatus.USER_STOP_SUCCESS]: { key: 'stopped', color: 'default', isBusy: false, isFailed: false },
  [InsightUserStatus.USER_STOP_FAIL]: { key: 'stopFailed', color: 'warning', isBusy: false, isFailed: true },
};

export function insightStatusView(status: number): TStatusView<TInsightStatusKey> {
  return insightViews[status] ?? { key: 'closed', color: 'default', isBusy: false, isFailed: false };
}

/** Failure reasons with a readable text; any other reason shows as its code. */
export const KnownFailReasons = [
  'QUOTA_EXCEEDED',
  'REGION_CAPACITY',
  'NETWORK_SETUP_FAILED',
  'timeout',
  'TIMEOUT',
  'UNREACHABLE',
  'INSIGHT_SEAT_UNAVAILABLE',
] as const;
export type TKnownFailReason = (typeof KnownFailReasons)[number];

export function isKnownFailReason(reason: string): reason is TKnownFailReason {
  return (KnownFailReasons as readonly string[]).includes(reason);
}

/** A failure reason's text: `translate` of a known reason, the raw code otherwise. */
export function failReasonText(
  reason: string | null | undefined,
  translate: (key: TKnownFailReason) => string,
): string | null {
  if (!reason) return null;
  return isKnownFailReason(reason) ? translate(reason) : reason;
}

import { InsightUserStatus, InstanceStatus } from '@console/contract/service-enums';
import { describe, expect, it } from 'vitest';
import { insightUsersRefetchInterval, instancesRefetchInterval, LiveRefetchMs } from './live-refetch';

const instances = (...statuses: number[]) => statuses.map((status) => ({ status }));

describe('instance lists refetch while an instance is opening', () => {
  it('refetches every 2 s while one is opening', () => {
    expect(LiveRefetchMs).toBe(2000);
    expect(instancesRefetchInterval(instances(InstanceStatus.opened, InstanceStatus.opening))).toBe(2000);
  });

  it('stops once every instance settled', () => {
    expect(
      instancesRefetchInterval(
        instances(
          InstanceStatus.opened,
          InstanceStatus.openFailed,
          InstanceStatus.closed,
          InstanceStatus.hidden,
        ),
      ),
    ).toBe(false);
    expect(instancesRefetchInterval([])).toBe(false);
    expect(instancesRefetchInterval(undefined)).toBe(false);
  });
});

describe('the Insight user list refetches while a change is applied', () => {
  it.each([InsightUserStatus.USER_STARTING, InsightUserStatus.USER_STOPING])(
    'refetches every 2 s while a user is in %i',
    (status) => {
      expect(insightUsersRefetchInterval(instances(InsightUserStatus.USER_START_SUCCESS, status))).toBe(2000);
    },
  );

  it('stops when every user settled', () => {
    expect(
      insightUsersRefetchInterval(
        instances(
          InsightUserStatus.closed,
          InsightUserStatus.USER_START_SUCCESS,
          InsightUserStatus.USER_START_FAIL,
          InsightUserStatus.USER_STOP_SUCCESS,
          InsightUserStatus.USER_STOP_FAIL,
        ),
      ),
    ).toBe(false);
    expect(insightUsersRefetchInterval(undefined)).toBe(false);
  });
});

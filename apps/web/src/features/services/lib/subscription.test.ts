import { InstanceStatus } from '@console/contract/service-enums';
import { describe, expect, it } from 'vitest';
import { subscriptionOf } from './subscription';

const instance = (status: number, versionCode: string, openTime: string | null) => ({
  status,
  versionCode,
  versionName: versionCode === 'trial' ? 'Trial' : 'Formal',
  openTime,
});

describe('a service subscription', () => {
  it('takes the versions and the earliest opening of the live instances', () => {
    expect(
      subscriptionOf([
        instance(InstanceStatus.opened, 'formal', '2026-03-02T00:00:00.000Z'),
        instance(InstanceStatus.opening, 'trial', null),
        instance(InstanceStatus.opened, 'formal', '2026-03-01T00:00:00.000Z'),
        instance(InstanceStatus.closed, 'trial', '2026-01-01T00:00:00.000Z'),
      ]),
    ).toEqual({
      versions: [
        { code: 'formal', name: 'Formal' },
        { code: 'trial', name: 'Trial' },
      ],
      enableTime: '2026-03-01T00:00:00.000Z',
      liveCount: 3,
    });
  });

  it('is empty without live instances', () => {
    expect(subscriptionOf([instance(InstanceStatus.closed, 'trial', '2026-01-01T00:00:00.000Z')])).toEqual({
      versions: [],
      enableTime: null,
      liveCount: 0,
    });
  });
});

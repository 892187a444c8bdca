import { describe, expect, it } from 'vitest';
import { instancesInRegion, regionFilterGroups } from './region-filter';

const regions = [
  { id: 1, csp: 'aliyun', cspName: 'Alibaba Cloud', code: 'cn-shanghai', name: 'Shanghai' },
  { id: 3, csp: 'aws', cspName: 'AWS', code: 'us-east-1', name: 'N. Virginia' },
  { id: 2, csp: 'aliyun', cspName: 'Alibaba Cloud', code: 'cn-beijing', name: 'Beijing' },
];

describe('the region filter', () => {
  it('groups the regions by provider in the order the server lists them', () => {
    expect(regionFilterGroups(regions)).toEqual([
      {
        label: 'Alibaba Cloud',
        title: 'Alibaba Cloud',
        options: [
          { value: 1, label: 'Alibaba Cloud / Shanghai' },
          { value: 2, label: 'Alibaba Cloud / Beijing' },
        ],
      },
      { label: 'AWS', title: 'AWS', options: [{ value: 3, label: 'AWS / N. Virginia' }] },
    ]);
    expect(regionFilterGroups([])).toEqual([]);
  });

  it('keeps the instances of the chosen region, or all without one', () => {
    const instances = [
      { id: 10, regionId: 1 },
      { id: 11, regionId: 2 },
      { id: 12, regionId: 1 },
    ];
    expect(instancesInRegion(instances, 1).map((i) => i.id)).toEqual([10, 12]);
    expect(instancesInRegion(instances, 3)).toEqual([]);
    expect(instancesInRegion(instances, null)).toEqual(instances);
  });
});

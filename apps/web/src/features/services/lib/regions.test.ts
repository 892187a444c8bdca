import { describe, expect, it } from 'vitest';
import {
  canOpenRegion,
  cspChoices,
  defaultCsp,
  firstFreeRegion,
  regionOptions,
  regionsOfCsp,
  type TRegionChoice,
} from './regions';

const region = (id: number, csp: string, code: string, isTaken = false): TRegionChoice => ({
  id,
  csp,
  cspName: csp === 'aliyun' ? 'Alibaba Cloud' : csp.toUpperCase(),
  code,
  name: code,
  isTaken,
});

const regions = [
  region(1, 'aliyun', 'cn-shanghai', true),
  region(2, 'aliyun', 'cn-beijing'),
  region(3, 'tencent', 'ap-guangzhou'),
  region(4, 'aws', 'us-east-1', true),
];
const csps = [
  { code: 'aliyun', name: 'Alibaba Cloud' },
  { code: 'aws', name: 'AWS' },
  { code: 'huawei', name: 'Huawei Cloud' },
];

describe('the create dialog: cloud providers and regions', () => {
  it('lists only the regions of the chosen provider', () => {
    expect(regionsOfCsp(regions, 'aliyun').map((r) => r.code)).toEqual(['cn-shanghai', 'cn-beijing']);
    expect(regionsOfCsp(regions, undefined)).toEqual([]);
  });

  it('shows taken regions disabled, after the free ones', () => {
    expect(regionOptions(regions, 'aliyun')).toEqual([
      { value: 2, code: 'cn-beijing', label: 'cn-beijing', disabled: false, isTaken: false },
      { value: 1, code: 'cn-shanghai', label: 'cn-shanghai', disabled: true, isTaken: true },
    ]);
  });

  it('preselects the first free region, none when all are taken', () => {
    expect(firstFreeRegion(regions, 'aliyun')).toBe(2);
    expect(firstFreeRegion(regions, 'aws')).toBeUndefined();
  });

  it('offers the providers that have a region of the service, with their free regions counted', () => {
    expect(cspChoices(csps, regions)).toEqual([
      { code: 'aliyun', name: 'Alibaba Cloud', regionCount: 2, freeCount: 1 },
      { code: 'aws', name: 'AWS', regionCount: 1, freeCount: 0 },
      { code: 'tencent', name: 'TENCENT', regionCount: 1, freeCount: 1 },
    ]);
  });

  it('preselects the first provider with a free region', () => {
    expect(defaultCsp(cspChoices(csps, regions))).toBe('aliyun');
    expect(
      defaultCsp(cspChoices(csps, [region(4, 'aws', 'us-east-1', true), region(5, 'tencent', 'x')])),
    ).toBe('tencent');
    expect(defaultCsp([])).toBeUndefined();
  });

  it('opens only a free region of the chosen provider', () => {
    expect(canOpenRegion(regions, 'aliyun', 2)).toBe(true);
    expect(canOpenRegion(regions, 'aliyun', 1)).toBe(false);
    expect(canOpenRegion(regions, 'aws', 2)).toBe(false);
    expect(canOpenRegion(regions, 'aliyun', undefined)).toBe(false);
  });
});

import enShare from '@console/phrases/en-us/share';
import zhShare from '@console/phrases/zh-cn/share';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDuration, formatExactCount, formatShare, formatTime } from './units';

const en = enShare.units;
const zh = zhShare.units;

describe('human units of a job profile', () => {
  it('writes data sizes 1024-based, from bytes to petabytes', () => {
    expect(formatBytes(0, en, 'en-US')).toBe('0 B');
    expect(formatBytes(512, en, 'en-US')).toBe('512 B');
    expect(formatBytes(1536, en, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(20.1 * 1024 ** 3, en, 'en-US')).toBe('20.1 GB');
    expect(formatBytes(312 * 1024 ** 3, en, 'en-US')).toBe('312 GB');
    expect(formatBytes(3 * 1024 ** 6, en, 'en-US')).toBe('3,072 PB');
    expect(formatBytes(1536, zh, 'zh-CN')).toBe('1.5 KB');
  });

  it('writes row counts exactly below ten thousand and compactly above, in each language', () => {
    expect(formatCount(9876, 'en-US')).toBe('9,876');
    expect(formatCount(1_234_567, 'en-US')).toBe('1.2M');
    expect(formatCount(1_234_567, 'zh-CN')).toBe('123.5万');
    expect(formatCount(271_226_538, 'zh-CN')).toBe('2.7亿');
    expect(formatExactCount(271_226_538, 'en-US')).toBe('271,226,538');
  });

  it('writes durations in ms, seconds, minutes and hours', () => {
    expect(formatDuration(850, en, 'en-US')).toBe('850 ms');
    expect(formatDuration(4560, en, 'en-US')).toBe('4.56 s');
    expect(formatDuration(36_080, en, 'en-US')).toBe('36.1 s');
    expect(formatDuration(200_400, en, 'en-US')).toBe('3 min 20 s');
    expect(formatDuration(3_720_000, en, 'en-US')).toBe('1 h 2 min');
    expect(formatDuration(850, zh, 'zh-CN')).toBe('850 毫秒');
    expect(formatDuration(200_400, zh, 'zh-CN')).toBe('3 分 20 秒');
    expect(formatDuration(3_720_000, zh, 'zh-CN')).toBe('1 小时 2 分');
  });

  it('writes shares as percentages and times to the second', () => {
    expect(formatShare(0.4256, 'en-US')).toBe('42.6%');
    expect(formatShare(1.2, 'en-US')).toBe('100%');
    expect(formatTime('2026-11-20T09:00:05.000Z', 'en-US')).toMatch(/2026.*:05/);
    expect(formatTime(null, 'en-US')).toBe('-');
  });
});

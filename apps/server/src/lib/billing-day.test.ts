import { describe, expect, it } from 'vitest';
import { addDays, dayOf, isDay, monthOf, startOfDay } from './billing-day';

describe('billing days (UTC+8)', () => {
  it('turns instants into the day of UTC+8', () => {
    expect(dayOf(new Date('2026-11-24T15:59:59.999Z'))).toBe('2026-11-24');
    expect(dayOf(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
    expect(monthOf(new Date('2026-11-30T16:00:00Z'))).toBe('2026-12');
  });

  it('moves days across months and years, and starts them at midnight UTC+8', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(startOfDay('2026-11-25').toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(dayOf(startOfDay('2026-11-25'))).toBe('2026-11-25');
  });

  it('knows real calendar days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(isDay('yesterday')).toBe(false);
  });
});

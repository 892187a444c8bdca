import { describe, expect, it } from 'vitest';
import { owedPerMonth } from './owed-arrears';

describe('what of each month’s arrears is still owed', () => {
  const months = [
    { month: '2026-09', arrearsFen: 1_730 },
    { month: '2026-11', arrearsFen: 500 },
    { month: '2026-10', arrearsFen: 0 },
    { month: '2026-12', arrearsFen: 200 },
  ];

  it('owes nothing of any month once the account owes nothing', () => {
    expect([...owedPerMonth(0, months).values()]).toEqual([0, 0, 0, 0]);
  });

  it('lays what is owed on the newest arrears first: top-ups paid the oldest', () => {
    const owed = owedPerMonth(900, months);
    expect(owed.get('2026-12')).toBe(200);
    expect(owed.get('2026-11')).toBe(500);
    expect(owed.get('2026-10')).toBe(0);
    // 200 of the 1,730 fen of September are still owed: the rest was paid by a top-up.
    expect(owed.get('2026-09')).toBe(200);
  });

  it('never gives a month more than it incurred, whatever is owed', () => {
    const owed = owedPerMonth(1_000_000, months);
    expect(owed.get('2026-09')).toBe(1_730);
    expect(owed.get('2026-11')).toBe(500);
    expect(owed.get('2026-12')).toBe(200);
  });

  it('reads the months in any order and ignores a negative amount owed', () => {
    expect(owedPerMonth(-5, months).get('2026-12')).toBe(0);
    expect(owedPerMonth(100, [...months].reverse()).get('2026-12')).toBe(100);
  });
});

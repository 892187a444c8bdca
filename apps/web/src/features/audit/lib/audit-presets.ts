/**
 * The time presets of the audit filters: today, the last 7 and the last 30 days, counted in whole
 * days of the browser's calendar (today included) from local midnight, with an open end so that
 * entries written after the search still match. Pure over the clock, so that it is unit-tested.
 */

export const auditTimePresets = ['all', 'today', 'last7Days', 'last30Days', 'custom'] as const;
export type TAuditTimePreset = (typeof auditTimePresets)[number];

/** Days before today where each preset starts. */
const daysBack: Partial<Record<TAuditTimePreset, number>> = { today: 0, last7Days: 6, last30Days: 29 };

/** Local midnight `days` days before `now` (daylight-saving changes included). */
function startOfDayBefore(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
}

/**
 * The range a preset selects at `now`, as the filters' ISO times; "all" selects everything and
 * "custom" nothing of its own (the range picker's value applies).
 */
export function presetRange(preset: TAuditTimePreset, now: Date): { from: string | null; to: string | null } {
  const days = daysBack[preset];
  if (days === undefined) return { from: null, to: null };
  return { from: startOfDayBefore(now, days).toISOString(), to: null };
}

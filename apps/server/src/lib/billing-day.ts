/**
 * Billing days: the calendar days of UTC+8 (China Standard Time), in which usage is rated,
 * statements are closed, balances are averaged for smart alerts, vouchers start, and real-name
 * verification attempts are counted (decision 0015). Days are `YYYY-MM-DD` texts.
 */
const offsetMs = 8 * 3_600_000;
const dayMs = 86_400_000;

/** The billing day of an instant. */
export function dayOf(at: Date): string {
  return new Date(at.getTime() + offsetMs).toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) a day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The instant a billing day starts (its midnight in UTC+8). */
export function startOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMs);
}

/** The billing month (`YYYY-MM`) of an instant. */
export function monthOf(at: Date): string {
  return dayOf(at).slice(0, 7);
}

/** Whether a text is a real calendar day `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
    addDays(text, 0) === text
  );
}

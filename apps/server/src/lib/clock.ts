/** The time source of services, injectable so that tests can move time. */
export type TClock = { now(): Date };

export const systemClock: TClock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export function createManualClock(start: Date = new Date()): TClock & {
  advance(ms: number): void;
  set(date: Date): void;
} {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

/**
 * The message of an ended session, carried to the login page. When a call finds the session gone
 * (401, or 4004 from the server), the console leaves for /login at once, which would take its
 * toast with it. The event is kept in sessionStorage instead, and the login page shows it once
 * (spec section 8: "Session expired, please login again", then go to login).
 */
import type { TApiEvent } from './notifier';

const noticeKey = 'cz-session-notice';

type TSessionEvent = Extract<TApiEvent, { type: 'sessionExpired' | 'sessionRevoked' }>;

export function keepSessionNotice(event: TSessionEvent): void {
  try {
    sessionStorage.setItem(noticeKey, JSON.stringify(event));
  } catch {
    // Storage may be unavailable (private mode): the login page then opens without the message.
  }
}

/** The kept event, removed as it is read (so that it shows once), or null. */
export function takeSessionNotice(): TSessionEvent | null {
  try {
    const raw = sessionStorage.getItem(noticeKey);
    if (!raw) return null;
    sessionStorage.removeItem(noticeKey);
    const event = JSON.parse(raw) as Partial<TSessionEvent>;
    if (event.type === 'sessionExpired') return { type: 'sessionExpired' };
    if (
      event.type === 'sessionRevoked' &&
      typeof event.code === 'number' &&
      typeof event.path === 'string' &&
      typeof event.message === 'string'
    ) {
      return { type: 'sessionRevoked', code: event.code, path: event.path, message: event.message };
    }
    return null;
  } catch {
    return null;
  }
}

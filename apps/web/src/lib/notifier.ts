/**
 * The API client is UI-agnostic: it reports what happened as an event to the registered
 * notifier. Public pages register a light toast; the console registers one built on antd.
 * Either shows one toast at a time (a new one replaces the old).
 */

export type TApiEvent =
  /** HTTP 401 or code 401. */
  | { type: 'sessionExpired' }
  /** Code 4004: the server ended the session (signed out elsewhere, by an administrator, …). */
  | { type: 'sessionRevoked'; code: number; path: string; message: string }
  /** Code 4019: wrong account name, username or password. */
  | { type: 'wrongPassword'; code: number; message: string }
  /** Any other non-success code. */
  | { type: 'rejected'; code: number; message: string }
  /** HTTP 500 and above. */
  | { type: 'serverError'; status: number; statusText: string; message: string }
  | { type: 'networkError' }
  | { type: 'timeout' };

export type TToastLevel = 'success' | 'info' | 'warning' | 'error';

export type TToast = { level: TToastLevel; title: string; description?: string };

export type TNotifier = {
  /** Shows a toast, replacing the one on screen. */
  show(toast: TToast): void;
  /** Shows an event of the API client. */
  notifyApiEvent(event: TApiEvent): void;
};

/** The texts `describeApiEvent` needs (a subset of the `common` phrases). */
export type TApiEventTexts = {
  sessionExpired: string;
  networkError: string;
  timeout: string;
  requestFailed: string;
  requestRejected: string;
};

/** Turns an API event into the toast the spec asks for (section 8). */
export function describeApiEvent(event: TApiEvent, texts: TApiEventTexts): TToast {
  switch (event.type) {
    case 'sessionExpired':
      return { level: 'warning', title: texts.sessionExpired };
    // The server's words lead ("Your session was ended on another device or by an administrator…"),
    // with the code and the request's path under them (spec section 8: code, path and message).
    case 'sessionRevoked':
      return event.message
        ? { level: 'warning', title: event.message, description: `${event.code} · ${event.path}` }
        : { level: 'warning', title: String(event.code), description: event.path };
    case 'wrongPassword':
      return { level: 'warning', title: String(event.code), description: event.message };
    case 'rejected':
      return {
        level: 'warning',
        title: String(event.code),
        description: event.message || texts.requestRejected,
      };
    case 'serverError':
      return {
        level: 'error',
        title: `${event.status} ${event.statusText}`.trim(),
        description: event.message || texts.requestFailed,
      };
    case 'networkError':
      return { level: 'error', title: texts.requestFailed, description: texts.networkError };
    case 'timeout':
      return { level: 'error', title: texts.requestFailed, description: texts.timeout };
  }
}

// The registry (setNotifier, getNotifier, toast) is notify.ts, which a page's first load carries.
export { getNotifier, setNotifier, toast } from './notify';

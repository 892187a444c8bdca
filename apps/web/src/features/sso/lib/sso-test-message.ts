/**
 * The test sign-in of a single sign-on configuration: a popup window goes through the identity
 * provider and ends on a small page of this console that posts
 * `{ type: 'cz-sso-test', ok, username, message }` to this window. Only messages from this
 * console's own origin (and from the test popup, when known) are read.
 */

export const ssoTestMessageType = 'cz-sso-test';

/** The popup's name: a second test reuses the window of the first. */
export const ssoTestWindowName = 'cz-sso-test';
export const ssoTestPopupSize = { width: 520, height: 640 } as const;

export type TSsoTestResult = {
  ok: boolean;
  /** The username the identity provider gave (when it gave one). */
  username: string | null;
  /** Why the test failed (in the user's language), or a note of the server. */
  message: string;
};

export type TMessageLike = { origin: string; data: unknown; source?: unknown };

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max)}…` : value);

/**
 * The result a message event carries, or null when it is not one: another origin, another
 * window than the test popup (when given), another type, or a malformed body.
 */
export function readSsoTestMessage(
  event: TMessageLike,
  origin: string,
  popup?: unknown,
): TSsoTestResult | null {
  if (event.origin !== origin) return null;
  if (popup && event.source && event.source !== popup) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const body = data as Record<string, unknown>;
  if (body.type !== ssoTestMessageType || typeof body.ok !== 'boolean') return null;
  const username = typeof body.username === 'string' && body.username.trim() ? body.username : null;
  const message = typeof body.message === 'string' ? body.message : '';
  return {
    ok: body.ok,
    username: username === null ? null : clip(username, 256),
    message: clip(message, 2000),
  };
}

/** The `window.open` features of the popup: 520x640, centred on this window. */
export function ssoTestPopupFeatures(
  win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>,
): string {
  const { width, height } = ssoTestPopupSize;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens the (blank) popup at once, inside the click, so that the browser does not block it; the
 * test's URL is set when the server has answered. Null when the browser blocked it.
 */
export function openSsoTestPopup(win: Window = window): Window | null {
  try {
    return win.open('about:blank', ssoTestWindowName, ssoTestPopupFeatures(win));
  } catch {
    return null;
  }
}

/**
 * Calls `onResult` with the first test result posted to `win` from its own origin (and from
 * `popup`, when given). Answers the function that stops listening.
 */
export function listenForSsoTest(
  win: Window,
  onResult: (result: TSsoTestResult) => void,
  popup?: Window | null,
): () => void {
  const onMessage = (event: MessageEvent) => {
    const result = readSsoTestMessage(event, win.location.origin, popup ?? undefined);
    if (!result) return;
    stop();
    onResult(result);
  };
  const stop = () => win.removeEventListener('message', onMessage);
  win.addEventListener('message', onMessage);
  return stop;
}

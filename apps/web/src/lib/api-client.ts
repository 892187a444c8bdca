/**
 * The one error path of the web app (spec section 8, API-CONVENTIONS):
 * every JSON answer is `{ code, message, data }`; code 0 or 200 is success.
 * - HTTP 401 or code 401: "session expired" warning, then /login?redirect=<current path>&account=<name>
 * - code 4004: warning with code, request path and message (the session was ended elsewhere), then
 *   /login
 *   Either way, from EVERY call of a console page, whatever its options: the console leaves for
 *   /login at the first call that finds the session gone, and the login page shows the warning,
 *   once however many calls fail together (see session-notice.ts). A call made on a public page
 *   warns there instead (when its hints are on).
 * - code 4019: warning with code and message
 * - other codes: warning titled with the code, the message as description
 * - HTTP >= 500: error notification with status and status text
 * - network failure or timeout: error notification
 * Hints (toasts) can be turned off per call; the way out of an ended session cannot. A call may add
 * headers of its own (e.g. `authMethod`, `authCode`, `authCodeToken` of the verification flows).
 * File uploads (`uploadFile`) take the same path: a multipart body instead of JSON, the same
 * headers, envelope, toasts, session handling, timeout and abort.
 * The light pages load this module with their first request (it is not on their first paint).
 */
import type { TRouteBody, TRouteData, TRouteHeaders, TRouteQuery } from '@console/contract';
import { ErrorCode, isSuccessCode } from '@console/contract/codes';
import { ClientHeader, ClientHeaderValue, LangHeader, type TLanguage } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import type { TApiPaths, TRouteId } from '@console/contract/paths';
import { loginPath } from '@/config/console-paths';
import { findPublicRoute } from '@/config/paths';
import { clearCurrentUserInfo, storedAccountName } from './current-user-info';
import { currentPathWithSearch, navigate } from './history';
import { getLanguage } from './language';
import { getNotifier, type TApiEvent } from './notifier';
import { keepSessionNotice } from './session-notice';

export type TEnvelope<T> = { code: number; message: string; data: T };

export type TQueryValue = string | number | boolean | null | undefined;

export type TRequestOptions = {
  query?: Record<string, TQueryValue> | undefined;
  /** Sent as JSON, or as it is when a `FormData` (multipart, its boundary set by the browser). */
  body?: unknown;
  /** Extra request headers of this call (undefined values are left out). */
  headers?: Record<string, string | undefined> | undefined;
  /**
   * Show toasts for failures (default true). A session that ended (401, 4004) leads from a console
   * page to /login with its notice whatever this says.
   */
  hints?: boolean;
  /** Business codes this call expects and handles itself: no toast for them (others still show). */
  quietCodes?: readonly number[];
  signal?: AbortSignal;
  /** Default: `Limits.requestTimeoutMs` (10 minutes). */
  timeoutMs?: number;
};

/**
 * How a call made ahead of need runs (a page's first calls, the session gate): without hints, as
 * the page that reads its answer shows a failure itself. Quiet is about hints only: a session that
 * ended leads to the login page from a quiet call as from any other (decision 0041).
 */
export const quietCall = { hints: false } as const;
export type TCallMode = Pick<TRequestOptions, 'hints'>;

export type TApiErrorKind = 'business' | 'http' | 'network' | 'timeout' | 'aborted';

/** A failed call: `code` is the envelope's code (or the HTTP status without an envelope). */
export class ApiError extends Error {
  readonly kind: TApiErrorKind;
  readonly code: number;
  readonly status: number;
  readonly path: string;
  readonly data: unknown;

  constructor(init: {
    kind: TApiErrorKind;
    code: number;
    status: number;
    path: string;
    message: string;
    data?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.path = init.path;
    this.data = init.data ?? null;
  }
}

export function isApiError(error: unknown, code?: number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The session is gone: none or expired (401), or ended by the server (4004). */
export function isSessionEnded(error: unknown): boolean {
  return isApiError(error, 401) || isApiError(error, ErrorCode.sessionRevoked);
}

type TClientConfig = {
  getLanguage: () => TLanguage;
  /** Called when the session is gone (401, 4004), before the redirect. */
  onSessionEnd: () => void;
  /** Navigation to the login page, with the account name filled in when known. */
  goToLogin: (redirect: string, account: string | null) => void;
};

const config: TClientConfig = {
  getLanguage,
  onSessionEnd: clearCurrentUserInfo,
  goToLogin: (redirect, account) => navigate(loginPath(redirect, account), { replace: true }),
};

export function configureApiClient(next: Partial<TClientConfig>): void {
  Object.assign(config, next);
}

function buildUrl(path: string, query?: Record<string, TQueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function isEnvelope(value: unknown): value is TEnvelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

function report(event: TApiEvent, hints: boolean): void {
  if (hints) getNotifier().notifyApiEvent(event);
}

/**
 * The account name of the session that ended last in this tab (read before the stored user info is
 * cleared), or null: the login page fills it in, and a later call that finds no session still
 * knows that this browser had one.
 */
let endedAccount: string | null = null;

/** Forgets an ended session (a new sign-in does): a later 401 on a first visit says nothing. */
export function resetSessionEnd(): void {
  endedAccount = null;
}

/** Whether the address is a page of the console (not a public one such as the login page). */
function isConsolePage(): boolean {
  return findPublicRoute(window.location.pathname) === null;
}

/**
 * A call found the session gone. On a console page, the console leaves for /login with the
 * account name filled in, and keeps the warning for the login page (a toast of the console would
 * leave with it). That happens at the first such call: `goToLogin` moves the address to the
 * public login page at once, so the calls failing with it answer on a public page, where a call
 * made by the console says nothing more. The warning is kept only when this browser had a session
 * (the user info kept at sign-in, or a session that ended in this tab): a first visit just signs in
 * (decision 0017). A call made on a public page (the login page's own) warns there, if its hints
 * are on.
 */
function endSession(
  event: Extract<TApiEvent, { type: 'sessionExpired' | 'sessionRevoked' }>,
  hints: boolean,
  isConsoleCall: boolean,
): void {
  const account = storedAccountName() ?? endedAccount;
  config.onSessionEnd();
  if (!isConsolePage()) {
    if (!isConsoleCall) report(event, hints);
    return;
  }
  endedAccount = account;
  if (account) keepSessionNotice(event);
  config.goToLogin(currentPathWithSearch(), account);
}

/** Sends a request and answers the whole envelope of a successful answer. */
export async function requestEnvelope<T>(
  method: 'GET' | 'POST',
  path: string,
  options: TRequestOptions = {},
) {
  const hints = options.hints ?? true;
  // Where the call was made: a console call that answers after the console has left says nothing.
  const isConsoleCall = isConsolePage();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [LangHeader]: config.getLanguage(),
    [ClientHeader]: ClientHeaderValue,
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) headers[name] = value;
  }
  let body: string | FormData | undefined;
  if (method !== 'GET' && options.body instanceof FormData) {
    body = options.body;
  } else if (method !== 'GET' && options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs ?? Limits.requestTimeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (cause) {
    if (isTimedOut) {
      report({ type: 'timeout' }, hints);
      throw new ApiError({ kind: 'timeout', code: 0, status: 0, path, message: 'timeout' });
    }
    if (options.signal?.aborted) {
      throw new ApiError({ kind: 'aborted', code: 0, status: 0, path, message: 'aborted' });
    }
    report({ type: 'networkError' }, hints);
    throw new ApiError({
      kind: 'network',
      code: 0,
      status: 0,
      path,
      message: cause instanceof Error ? cause.message : 'network error',
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    parsed = null;
  }
  const envelope = isEnvelope(parsed) ? parsed : null;
  const code = envelope?.code ?? (res.ok ? 0 : res.status);
  const message = envelope?.message ?? res.statusText;
  const data = envelope?.data ?? null;

  if (res.status === ErrorCode.unauthenticated || code === ErrorCode.unauthenticated) {
    endSession({ type: 'sessionExpired' }, hints, isConsoleCall);
    throw new ApiError({
      kind: 'http',
      code: ErrorCode.unauthenticated,
      status: res.status,
      path,
      message,
      data,
    });
  }
  if (res.status >= 500) {
    report(
      {
        type: 'serverError',
        status: res.status,
        statusText: res.statusText,
        message: envelope?.message ?? '',
      },
      hints,
    );
    throw new ApiError({ kind: 'http', code, status: res.status, path, message, data });
  }
  if (envelope && res.ok && isSuccessCode(envelope.code)) {
    return envelope as TEnvelope<T>;
  }
  if (!envelope && res.ok) {
    // A 2xx answer that is not an envelope: treat it as a broken answer.
    report({ type: 'rejected', code: res.status, message: res.statusText }, hints);
    throw new ApiError({ kind: 'http', code: res.status, status: res.status, path, message, data });
  }
  if (code === ErrorCode.sessionRevoked) {
    endSession({ type: 'sessionRevoked', code, path, message }, hints, isConsoleCall);
  } else if (code === ErrorCode.wrongPassword) {
    report({ type: 'wrongPassword', code, message }, hints);
  } else {
    report({ type: 'rejected', code, message }, hints && !options.quietCodes?.includes(code));
  }
  throw new ApiError({ kind: res.ok ? 'business' : 'http', code, status: res.status, path, message, data });
}

/** Sends a request and answers `data` of a successful answer. */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  options: TRequestOptions = {},
): Promise<T> {
  const envelope = await requestEnvelope<T>(method, path, options);
  return envelope.data;
}

export type TCallOptions<K extends TRouteId> = Omit<TRequestOptions, 'query' | 'body' | 'headers'> & {
  query?: TRouteQuery<K>;
  body?: TRouteBody<K>;
  /** The route's own headers, as the contract names them (HTTP header names are case-insensitive). */
  headers?: TRouteHeaders<K>;
};

/** A route of the contract: its id, method and path. */
export type TEndpoint<K extends TRouteId> = {
  readonly id: K;
  readonly method: TApiPaths[K]['method'];
  readonly path: TApiPaths[K]['path'];
};

/**
 * A route of the contract, written out in the module that calls it: the method and path must be
 * the contract's for that id (a type error otherwise), and each bundle carries only the routes its
 * modules call instead of the whole route table.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<K extends TRouteId>(
  id: K,
  method: TApiPaths[K]['method'],
  path: TApiPaths[K]['path'],
): TEndpoint<K> {
  return { id, method, path };
}

/** Calls a route of the contract (see `endpoint`), typed by the contract's schemas. */
export function callApi<K extends TRouteId>(
  endpoint: TEndpoint<K>,
  options: TCallOptions<K> = {},
): Promise<TRouteData<K>> {
  return request<TRouteData<K>>(endpoint.method, endpoint.path, options as TRequestOptions);
}

/** Like `callApi`, but answers the whole envelope (code, message, data). */
export function callApiEnvelope<K extends TRouteId>(
  endpoint: TEndpoint<K>,
  options: TCallOptions<K> = {},
): Promise<TEnvelope<TRouteData<K>>> {
  return requestEnvelope<TRouteData<K>>(endpoint.method, endpoint.path, options as TRequestOptions);
}

/** The first field error of a refused call (already in the request's language), or null. */
export function firstFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const fieldErrors = (error.data as { fieldErrors?: Record<string, unknown> } | null)?.fieldErrors;
  const first = fieldErrors ? Object.values(fieldErrors).find((v) => typeof v === 'string') : undefined;
  return typeof first === 'string' && first ? first : null;
}

/**
 * Uploads a file to a route of the contract as the multipart field `file`, through the same path as
 * every call: the language and client headers, the envelope, error codes as toasts (unless
 * `hints: false`), 401 to /login, the timeout and the caller's abort signal.
 */
export function uploadFile<K extends TRouteId>(
  endpoint: TEndpoint<K>,
  file: File,
  options: Omit<TCallOptions<K>, 'body'> = {},
): Promise<TRouteData<K>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<TRouteData<K>>(endpoint.method, endpoint.path, {
    ...(options as Omit<TRequestOptions, 'body'>),
    body: form,
  });
}

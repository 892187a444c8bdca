/**
 * The back office's API client (decision 0049): every call of its pages to `/api/ops/…`, by the
 * route's id in the contract's table (`opsRoutes`), typed by its schemas.
 * - The session is the HttpOnly cookie `cz_ops_token` (path /api/ops): the browser sends it; writes
 *   carry the `X-CZ-Client` header, as the customers' client does.
 * - Every answer is the envelope `{ code, message, data }`; the server words `message` in the
 *   language the call names (`cz-lang`), so a refusal is shown as it comes.
 * - A session that is gone (401, or 4301: a first sign-in's setup that was not finished) ends the
 *   back office's session in the tab: the app goes to the sign-in page with its notice.
 * - 4302 (the act needs the second factor again): the step-up dialog asks for the authenticator
 *   code, and the act is sent again once (see step-up.tsx).
 * - Other failures: a message (the server's words, with the code), unless the call is quiet about
 *   them (`hints: false`, or the code in `quietCodes`): the page then shows them itself.
 */
import { ErrorCode, isSuccessCode } from '@console/contract/codes';
import { ClientHeader, ClientHeaderValue, LangHeader } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import {
  opsRoutes,
  type TOpsRouteBody,
  type TOpsRouteData,
  type TOpsRouteId,
  type TOpsRouteQuery,
} from '@console/contract/ops';
import { getLanguage } from '@/lib/language';

export type TOpsErrorKind = 'business' | 'http' | 'network' | 'timeout' | 'aborted' | 'session';

/** A failed call: `code` is the envelope's code (or the HTTP status without an envelope). */
export class OpsApiError extends Error {
  readonly kind: TOpsErrorKind;
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(init: { kind: TOpsErrorKind; code: number; status: number; message: string; data?: unknown }) {
    super(init.message);
    this.name = 'OpsApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.data = init.data ?? null;
  }
}

export function isOpsError(error: unknown, code?: number): error is OpsApiError {
  return error instanceof OpsApiError && (code === undefined || error.code === code);
}

/** The first field error of a refused call (in the call's language), else the error's message. */
export function opsErrorText(error: unknown): string {
  if (!(error instanceof OpsApiError)) return error instanceof Error ? error.message : String(error);
  const fieldErrors = (error.data as { fieldErrors?: Record<string, unknown> } | null)?.fieldErrors;
  const first = fieldErrors ? Object.values(fieldErrors).find((v) => typeof v === 'string') : undefined;
  return typeof first === 'string' && first ? first : error.message;
}

export type TOpsClientConfig = {
  /** The session is gone (401, 4301): the app leads to the sign-in page. */
  onSessionEnd: (error: OpsApiError) => void;
  /** A failure to show (the page did not say it shows it itself). */
  onError: (error: OpsApiError) => void;
  /**
   * The act needs the second factor again (4302): asks for it (the step-up dialog); answers true
   * once it is proven, false when the operator gave up.
   */
  onStepUp: (() => Promise<boolean>) | null;
};

const config: TOpsClientConfig = { onSessionEnd: () => {}, onError: () => {}, onStepUp: null };

/**
 * The app sets what a call does with an ended session, a failure and a step-up. The answer undoes
 * only what this call set: the app's handlers and the step-up dialog's are set by different
 * effects, and one effect running again must not take the other's handler away.
 */
export function configureOpsClient(next: Partial<TOpsClientConfig>): () => void {
  const keys = Object.keys(next) as (keyof TOpsClientConfig)[];
  const previous: Partial<TOpsClientConfig> = {};
  for (const key of keys) Object.assign(previous, { [key]: config[key] });
  Object.assign(config, next);
  return () => Object.assign(config, previous);
}

export type TOpsCallOptions<K extends TOpsRouteId> = {
  body?: TOpsRouteBody<K>;
  query?: TOpsRouteQuery<K>;
  /** Values of the path's `:name` segments. */
  params?: Record<string, string | number>;
  /** Show failures as a message (default true); an ended session leads to sign-in whatever this says. */
  hints?: boolean;
  /** Business codes the page shows itself: no message for them. */
  quietCodes?: readonly number[];
  /** Ask for the second factor and send again on 4302 (default true). */
  stepUp?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
};

type TQueryValue = string | number | boolean | null | undefined;

/** The route's path with its `:name` segments filled in, and the query appended. */
export function opsUrl(path: string, params?: Record<string, string | number>, query?: unknown): string {
  const filled = path.replace(/:(\w+)/g, (whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for ${whole}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, TQueryValue>)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

type TEnvelope = { code: number; message: string; data: unknown };

function isEnvelope(value: unknown): value is TEnvelope {
  return typeof value === 'object' && value !== null && typeof (value as TEnvelope).code === 'number';
}

/** Sends one request; answers `data` or throws an OpsApiError (nothing shown). */
async function send(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  options: TOpsCallOptions<TOpsRouteId>,
) {
  const headers: Record<string, string> = { Accept: 'application/json', [LangHeader]: getLanguage() };
  if (method !== 'GET') {
    headers[ClientHeader] = ClientHeaderValue;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
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
    res = await fetch(url, {
      method,
      headers,
      body: method !== 'GET' && body !== undefined ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (cause) {
    const kind = isTimedOut ? 'timeout' : options.signal?.aborted ? 'aborted' : 'network';
    throw new OpsApiError({
      kind,
      code: 0,
      status: 0,
      message: cause instanceof Error ? cause.message : String(cause),
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
  if (
    res.status === ErrorCode.unauthenticated ||
    code === ErrorCode.unauthenticated ||
    code === ErrorCode.opsSetupRequired
  ) {
    throw new OpsApiError({ kind: 'session', code, status: res.status, message, data });
  }
  if (envelope && res.ok && isSuccessCode(envelope.code)) return envelope.data;
  throw new OpsApiError({
    kind: res.ok && envelope ? 'business' : 'http',
    code,
    status: res.status,
    message,
    data,
  });
}

/** What happens to a failure: an ended session leads to sign-in, others show unless quiet. */
function settle(error: unknown, options: TOpsCallOptions<TOpsRouteId>): never {
  if (error instanceof OpsApiError) {
    if (error.kind === 'session') config.onSessionEnd(error);
    else if (
      error.kind !== 'aborted' &&
      (options.hints ?? true) &&
      !options.quietCodes?.includes(error.code)
    ) {
      config.onError(error);
    }
  }
  throw error;
}

/**
 * Calls a route of the back office's table by its id: method and path from the contract, body and
 * query typed by its schemas, the answer's `data` typed by its response schema.
 */
export async function callOps<K extends TOpsRouteId>(
  id: K,
  options: TOpsCallOptions<K> = {},
): Promise<TOpsRouteData<K>> {
  const route = opsRoutes[id];
  const url = opsUrl(route.path, options.params, options.query);
  const general = options as TOpsCallOptions<TOpsRouteId>;
  try {
    return (await send(route.method, url, options.body, general)) as TOpsRouteData<K>;
  } catch (error) {
    if (isOpsError(error, ErrorCode.opsStepUpRequired) && (options.stepUp ?? true) && config.onStepUp) {
      const isProven = await config.onStepUp();
      // Given up: the act did not happen, and the operator knows why.
      if (!isProven) throw error;
      try {
        return (await send(route.method, url, options.body, general)) as TOpsRouteData<K>;
      } catch (again) {
        settle(again, general);
      }
    }
    settle(error, general);
  }
}

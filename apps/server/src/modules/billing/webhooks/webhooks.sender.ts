/**
 * Webhook calls: the request parameters rendered from the template (the `${alertMessage}`
 * placeholder replaced by the message, JSON-escaped), one POST with a deadline, and the success
 * rule: a 2xx answer whose JSON value at the success key equals the success value as text. The
 * success key is a plain key of the answer or a JSON path (`$.data.code`, `data.items[0].ok`).
 *
 * Outside development, webhooks may not call loopback, private or link-local addresses unless
 * `OUTBOUND_ALLOW_HOSTS` names them (lib/outbound.ts): the check runs on the address the connection
 * actually uses (the resolver's answer), so a name that resolves to an internal address is refused
 * too. Redirects are not followed.
 */
import type { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { AlertMessagePlaceholder } from '@console/contract/billing-enums';
import {
  checkLiteralHost,
  createOutboundPolicy,
  outboundLookup,
  type TOutboundPolicy,
} from '../../../lib/outbound';
import { httpFailure, outboundFailureOf, type TOutboundFailure } from '../../../lib/outbound-failure';
import { signRequest, type TSignedRequest, type TWebhookSigning } from './webhooks.signing';

export { isPrivateAddress } from '../../../lib/outbound';

/** What an answer may weigh; the rest is not read. */
const answerMaxBytes = 64 * 1024;

/**
 * The template with each placeholder replaced: inside a JSON string literal by the escaped text
 * (`"Alert: ${alertMessage}"`), elsewhere by a whole JSON string (`{"text": ${alertMessage}}`).
 */
export function renderTemplate(template: string, message: string): string {
  const quoted = JSON.stringify(message);
  const escaped = quoted.slice(1, -1);
  let out = '';
  let isInString = false;
  let i = 0;
  while (i < template.length) {
    if (template.startsWith(AlertMessagePlaceholder, i)) {
      out += isInString ? escaped : quoted;
      i += AlertMessagePlaceholder.length;
      continue;
    }
    const ch = template[i] as string;
    if (isInString && ch === '\\') {
      out += template.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch === '"') isInString = !isInString;
    out += ch;
    i += 1;
  }
  return out;
}

export type TTemplateProblem = 'webhookTemplatePlaceholder' | 'webhookTemplate' | null;

/** The validation key of a template that is not usable, or null. */
export function templateProblem(template: string): TTemplateProblem {
  if (!template.includes(AlertMessagePlaceholder)) return 'webhookTemplatePlaceholder';
  try {
    const value: unknown = JSON.parse(renderTemplate(template, 'a "quoted" message\nwith two lines'));
    return value !== null && typeof value === 'object' ? null : 'webhookTemplate';
  } catch {
    return 'webhookTemplate';
  }
}

type TSegment = string | number;

/** `$.data.items[0]['a.b']` → ['data', 'items', 0, 'a.b']; null when it is not such a path. */
export function parsePath(path: string): TSegment[] | null {
  const segments: TSegment[] = [];
  let i = 0;
  if (path.startsWith('$')) i = 1;
  let isFirst = i === 0;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) return null;
      const inner = path.slice(i + 1, close).trim();
      const quoted = /^'([^']*)'$|^"([^"]*)"$/.exec(inner);
      if (quoted) segments.push((quoted[1] ?? quoted[2]) as string);
      else if (/^\d{1,9}$/.test(inner)) segments.push(Number(inner));
      else return null;
      i = close + 1;
    } else {
      if (ch === '.') i += 1;
      else if (!isFirst) return null;
      const match = /^[^.[\]]+/.exec(path.slice(i));
      if (!match) return null;
      segments.push(match[0]);
      i += match[0].length;
    }
    isFirst = false;
  }
  return segments;
}

/**
 * The value at the success key: the answer's own key of that name when there is one, otherwise
 * the JSON path. Only own properties are read (never a prototype's); undefined when absent.
 */
export function readSuccessValue(answer: unknown, key: string): unknown {
  if (answer !== null && typeof answer === 'object' && !Array.isArray(answer) && Object.hasOwn(answer, key)) {
    return (answer as Record<string, unknown>)[key];
  }
  const segments = parsePath(key);
  if (!segments) return undefined;
  let current: unknown = answer;
  for (const segment of segments) {
    if (Array.isArray(current) && typeof segment === 'number') {
      current = current[segment];
    } else if (
      current !== null &&
      typeof current === 'object' &&
      !Array.isArray(current) &&
      typeof segment === 'string' &&
      Object.hasOwn(current, segment)
    ) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** A value as text for the comparison with the success value. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// ---------------------------------------------------------------------------------------------
// sending

export type TWebhookTarget = {
  url: string;
  paramsTemplate: string;
  successKey: string;
  successValue: string;
  /** How the request is signed, with the opened secret; unsigned when absent. */
  signing?: TWebhookSigning;
};

export type TWebhookOutcome = {
  isSuccess: boolean;
  /** The answer's HTTP status; null when none came. */
  responseStatus: number | null;
  /** Why it failed, short and without the answer's content beyond the compared value. */
  error: string | null;
  /** Why no good answer came, for the user's words: which host, and why (null otherwise). */
  failure?: TOutboundFailure | null;
};

function errorText(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code === 'OUTBOUND_ADDRESS_NOT_ALLOWED') return 'address not allowed';
  if (typeof e?.code === 'string') return e.code;
  return typeof e?.message === 'string' ? e.message.slice(0, 200) : 'request failed';
}

/** Posts the body and answers the status and up to 64 KiB of the answer, within the deadline. */
function post(
  url: URL,
  body: string,
  extraHeaders: Record<string, string>,
  timeoutMs: number,
  policy: TOutboundPolicy,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const isHttps = url.protocol === 'https:';
    try {
      checkLiteralHost(policy, url.hostname);
    } catch (error) {
      reject(error);
      return;
    }
    const request = (isHttps ? https : http).request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'console-webhook/1',
        accept: 'application/json',
        ...extraHeaders,
      },
      ...(policy.isRestricted ? { lookup: outboundLookup(policy) as unknown as typeof dnsLookup } : {}),
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
    }, timeoutMs);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let isComplete = false;
      response.on('data', (chunk: Buffer) => {
        if (isComplete) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= answerMaxBytes) {
          // enough to judge: the rest is not read
          isComplete = true;
          response.destroy();
        }
      });
      response.on('end', () => {
        isComplete = true;
      });
      response.on('error', () => undefined);
      response.on('close', () => {
        clearTimeout(timer);
        if (!isComplete) {
          reject(
            Object.assign(new Error('answer incomplete'), { code: timedOut ? 'TIMEOUT' : 'INCOMPLETE' }),
          );
          return;
        }
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).subarray(0, answerMaxBytes).toString('utf8'),
        });
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/**
 * Sends the message to the webhook once and judges the answer. Never throws. The attempt carries
 * the delivery's id and the attempt's time (`webhook-id`, `webhook-timestamp`), signed as the
 * webhook's signing mode says (webhooks.signing.ts); nothing goes out unsigned when a signature is due.
 */
export async function sendWebhook(
  target: TWebhookTarget,
  message: string,
  options: {
    timeoutMs: number;
    allowPrivate: boolean;
    allowHosts?: readonly string[];
    attempt: { messageId: string; time: Date };
  },
): Promise<TWebhookOutcome> {
  let signed: TSignedRequest;
  try {
    signed = signRequest(
      target.url,
      renderTemplate(target.paramsTemplate, message),
      target.signing ?? { mode: 'none', secret: null },
      options.attempt,
    );
  } catch {
    return { isSuccess: false, responseStatus: null, error: 'not signed: signing secret or body unusable' };
  }
  let url: URL;
  try {
    url = new URL(signed.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    return { isSuccess: false, responseStatus: null, error: 'invalid address' };
  }
  let answer: { status: number; text: string };
  try {
    answer = await post(
      url,
      signed.body,
      signed.headers,
      options.timeoutMs,
      createOutboundPolicy({ isRestricted: !options.allowPrivate, allowHosts: options.allowHosts ?? [] }),
    );
  } catch (error) {
    return {
      isSuccess: false,
      responseStatus: null,
      error: errorText(error),
      failure: outboundFailureOf(error, url, { timeoutMs: options.timeoutMs }),
    };
  }
  if (answer.status < 200 || answer.status >= 300) {
    return {
      isSuccess: false,
      responseStatus: answer.status,
      error: `HTTP ${answer.status}`,
      failure: httpFailure(url, answer.status),
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return { isSuccess: false, responseStatus: answer.status, error: 'answer is not JSON' };
  }
  const value = readSuccessValue(json, target.successKey);
  if (value === undefined) {
    return {
      isSuccess: false,
      responseStatus: answer.status,
      error: `no ${target.successKey} in the answer`,
    };
  }
  const text = valueText(value);
  if (text !== target.successValue) {
    return {
      isSuccess: false,
      responseStatus: answer.status,
      error: `${target.successKey} is ${text.slice(0, 100)}, not ${target.successValue}`,
    };
  }
  return { isSuccess: true, responseStatus: answer.status, error: null };
}

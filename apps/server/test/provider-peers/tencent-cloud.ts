/**
 * A Tencent Cloud API peer (any service): a local HTTP server that checks every API request's
 * TC3-HMAC-SHA256 signature with this folder's verifier (tc3.ts, never the SDK's code), then
 * dispatches on `X-TC-Action` to the handler of that action (tencent-sms.ts, tencent-faceid.ts,
 * tencent-ocr.ts). Answers as Tencent Cloud does: HTTP 200 with `{ Response: { …, RequestId } }`,
 * and for a bad signature, an unknown action, a body that is not a JSON object or a handler's
 * `{ error }` HTTP 200 with `{ Response: { Error: { Code, Message }, RequestId } }`.
 *
 * Requests without `X-TC-Action` (a browser on a page the provider serves) go to `pages`, when
 * given; otherwise 404.
 */
import { randomUUID } from 'node:crypto';
import { startHttpPeer, type THttpPeer, type TPeerAnswer, type TPeerRequest } from './http-peer';
import { verifyTc3 } from './tc3';

export type TTencentError = { error: { Code: string; Message: string } };

export type TTencentCallContext = {
  action: string;
  version: string;
  region: string;
  /** `http://host:port` of this peer as the caller addressed it. */
  origin: string;
  request: TPeerRequest;
};

export type TTencentHandler = (
  // biome-ignore lint/suspicious/noExplicitAny: the action's parameters are the handler's to read.
  params: any,
  context: TTencentCallContext,
) => object | TTencentError | Promise<object | TTencentError>;

/** One API call the peer received: its action, parameters and signature check. */
export type TTencentCall = {
  action: string;
  version: string;
  region: string;
  params: Record<string, unknown>;
  /** The signature failure's code; null when the signature holds. */
  signatureFailure: string | null;
};

export type TTencentCloudPeer = THttpPeer & { calls: TTencentCall[] };

export type TTencentCloudPeerOptions = {
  /** SecretId → SecretKey the peer accepts. */
  secrets: Record<string, string>;
  handlers: Record<string, TTencentHandler>;
  /** Service names the credential scope may carry (the SDK sends "127" for a 127.0.0.1 endpoint). */
  services?: readonly string[];
  /** Browser requests (no X-TC-Action). */
  pages?: (request: TPeerRequest, origin: string) => TPeerAnswer | Promise<TPeerAnswer>;
};

const defaultServices = ['127', 'localhost', 'faceid', 'ocr', 'sms'];

function isError(value: unknown): value is TTencentError {
  return typeof value === 'object' && value !== null && 'error' in value;
}

export async function startTencentCloudPeer(options: TTencentCloudPeerOptions): Promise<TTencentCloudPeer> {
  const calls: TTencentCall[] = [];
  const services = options.services ?? defaultServices;
  const peer = await startHttpPeer(async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : (value ?? '');
    };
    const origin = `http://${header('host')}`;
    const action = header('x-tc-action');
    if (!action) {
      if (options.pages) return options.pages(request, origin);
      return { status: 404, body: JSON.stringify({ message: 'not found' }) };
    }
    const requestId = randomUUID();
    const answer = (response: object): TPeerAnswer => ({
      body: JSON.stringify({ Response: { ...response, RequestId: requestId } }),
    });
    let params: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(request.body.toString('utf8') || '{}');
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        params = parsed as Record<string, unknown>;
    } catch {
      params = null;
    }
    const failure = verifyTc3(request, options.secrets, services);
    const version = header('x-tc-version');
    const region = header('x-tc-region');
    calls.push({ action, version, region, params: params ?? {}, signatureFailure: failure?.code ?? null });
    if (failure) return answer({ Error: { Code: failure.code, Message: failure.message } });
    if (!params)
      return answer({
        Error: { Code: 'InvalidParameter', Message: 'The request body is not a JSON object.' },
      });
    const handler = options.handlers[action];
    if (!handler)
      return answer({
        Error: { Code: 'InvalidAction', Message: `The action ${action} is not found.` },
      });
    const result = await handler(params, { action, version, region, origin, request });
    return answer(isError(result) ? { Error: result.error } : result);
  });
  return Object.assign(peer, { calls });
}

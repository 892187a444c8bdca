/**
 * A generic Tencent Cloud API peer: one local server that checks every request's TC3-HMAC-SHA256
 * signature with tc3.ts (never the SDK's code), then dispatches on `X-TC-Action` to the handler
 * registered for that action (tencent-sms.ts, tencent-faceid.ts, …). It answers as Tencent Cloud
 * does: HTTP 200 with `{ Response: { …, RequestId } }`, and errors (a signature that does not hold,
 * an unknown action, a malformed body) as HTTP 200 with `Response.Error { Code, Message }`.
 */
import { randomUUID } from 'node:crypto';
import { startHttpPeer, type THttpPeer, type TPeerRequest } from './http-peer';
import { verifyTc3 } from './tc3';

export type TTencentCall = {
  action: string;
  version: string;
  region: string | undefined;
  /** The JSON body. */
  params: Record<string, unknown>;
  request: TPeerRequest;
};

/** A handler's answer: the Response's fields, or a Tencent Cloud error. */
export type TTencentResult =
  | { response: Record<string, unknown> }
  | { error: { Code: string; Message: string } };

export type TTencentHandler = (call: TTencentCall) => TTencentResult | Promise<TTencentResult>;

export type TTencentCloudPeer = THttpPeer & {
  /** The calls whose signature held, in order. */
  calls: TTencentCall[];
};

export type TTencentCloudPeerOptions = {
  /** SecretId → SecretKey. */
  secrets: Record<string, string>;
  /** Action (`SendSms`, `DetectAuth`, …) → handler. */
  handlers: Record<string, TTencentHandler>;
  /**
   * The service names a credential scope may carry. The SDK takes the service from the endpoint's
   * first label, so a peer at http://127.0.0.1:PORT sees `127`.
   */
  services?: readonly string[];
};

const header = (request: TPeerRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

export async function startTencentCloudPeer(options: TTencentCloudPeerOptions): Promise<TTencentCloudPeer> {
  const services = options.services ?? ['127', 'localhost', 'sms', 'faceid', 'ocr'];
  const calls: TTencentCall[] = [];
  const reply = (response: Record<string, unknown>) => ({
    body: JSON.stringify({ Response: { ...response, RequestId: randomUUID() } }),
  });
  const error = (Code: string, Message: string) => reply({ Error: { Code, Message } });
  const peer = await startHttpPeer(async (request) => {
    const failure = verifyTc3(request, options.secrets, services);
    if (failure) return error(failure.code, failure.message);
    const action = header(request, 'x-tc-action') ?? '';
    const handler = options.handlers[action];
    if (!handler) return error('InvalidAction', `The action ${action} does not exist.`);
    let params: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(request.body.toString('utf8') || '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      params = parsed as Record<string, unknown>;
    } catch {
      return error('InvalidParameter', 'The request body is not a JSON object.');
    }
    const call: TTencentCall = {
      action,
      version: header(request, 'x-tc-version') ?? '',
      region: header(request, 'x-tc-region'),
      params,
      request,
    };
    calls.push(call);
    const result = await handler(call);
    return 'error' in result ? error(result.error.Code, result.error.Message) : reply(result.response);
  });
  return { ...peer, calls };
}

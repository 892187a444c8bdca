/**
 * SMS delivery through a provider's HTTP API. A deployment configures the endpoint, the key and
 * secret, the signature name and the template id. Each request is a JSON POST signed with
 * HMAC-SHA256 over `<timestamp>\n<body>` (headers X-Api-Key, X-Timestamp, X-Signature); the
 * provider answers 2xx with `{ "code": "OK" }` (or 0) when it accepted the message.
 */
import { createHmac } from 'node:crypto';

/** A text message: a verification code (its template's parameters) or a notice (its full text). */
export type TSms = {
  phone: string;
  text: string;
  template: 'code' | 'notice';
  params: Record<string, string | number>;
};

export type TSmsSender = { send(sms: TSms, signal: AbortSignal): Promise<void> };

export type THttpSmsOptions = {
  endpoint: string;
  apiKey: string;
  secret: string;
  signName: string;
  templateId: string;
  noticeTemplateId: string;
};

export function signSmsRequest(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${body}`).digest('hex');
}

export function createHttpSmsSender(options: THttpSmsOptions): TSmsSender {
  return {
    send: async (sms, signal) => {
      const body = JSON.stringify({
        phone: sms.phone,
        signName: options.signName,
        templateId: sms.template === 'code' ? options.templateId : options.noticeTemplateId,
        params: sms.params,
        text: sms.text,
      });
      const timestamp = String(Date.now());
      const res = await fetch(options.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': options.apiKey,
          'x-timestamp': timestamp,
          'x-signature': signSmsRequest(options.secret, timestamp, body),
        },
        body,
        signal,
      });
      const text = await res.text();
      let answer: { code?: unknown; message?: unknown } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // a non-JSON answer is a failure below
      }
      if (!res.ok || !(answer.code === 'OK' || answer.code === 0)) {
        throw new Error(
          `SMS provider refused the message: HTTP ${res.status} ${String(answer.message ?? '')}`.trim(),
        );
      }
    },
  };
}

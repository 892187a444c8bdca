/**
 * Capture of what the integration suite's servers log and answer, for `scripts/check-secrets.mjs`:
 * when SECRET_CAPTURE_DIR is set, every test app logs (at debug level, through the production
 * logger settings) into a file of that folder, and every request's inputs and every answer's body
 * go into another, one JSON object per line. The check then looks for the passwords, codes,
 * tokens and secrets the requests used, and the tokens the answers issued, in every log line and
 * every answer.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loggerOptions } from '../src/app';

export type TSecretCapture = {
  logger: ReturnType<typeof loggerOptions>;
  attach(app: FastifyInstance): void;
  close(): Promise<void>;
};

/** Up to this many characters of an answer are kept (downloads are streams and are not kept). */
const maxBody = 256 * 1024;

function end(stream: WriteStream): Promise<void> {
  return new Promise((resolve) => stream.end(resolve));
}

export function openSecretCapture(dir: string | undefined): TSecretCapture | null {
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  const name = `${process.pid}-${Date.now()}-${randomBytes(3).toString('hex')}`;
  const logs = createWriteStream(join(dir, `${name}.log`), { flags: 'a' });
  const exchanges = createWriteStream(join(dir, `${name}.jsonl`), { flags: 'a' });
  const write = (entry: Record<string, unknown>) => exchanges.write(`${JSON.stringify(entry)}\n`);
  return {
    logger: loggerOptions('debug', logs),
    attach(app) {
      app.addHook('preHandler', async (request) => {
        const body = request.body;
        write({
          kind: 'request',
          method: request.method,
          url: request.url,
          query: request.query,
          body: Buffer.isBuffer(body) ? null : body,
          authorization: request.headers.authorization ?? null,
          cookie: request.headers.cookie ?? null,
          authcodetoken: request.headers.authcodetoken ?? null,
        });
      });
      app.addHook('onSend', async (request, reply, payload) => {
        let body: string | null = null;
        if (typeof payload === 'string') body = payload.slice(0, maxBody);
        else if (Buffer.isBuffer(payload)) body = payload.subarray(0, maxBody).toString('utf8');
        const setCookie = reply.getHeader('set-cookie');
        write({
          kind: 'response',
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          body,
          setCookie: setCookie === undefined ? null : String(setCookie),
        });
        return payload;
      });
    },
    async close() {
      await Promise.all([end(logs), end(exchanges)]);
    },
  };
}

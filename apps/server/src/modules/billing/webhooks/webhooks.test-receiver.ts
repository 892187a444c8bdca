/** Tests only: a local webhook receiver (node:http) that records requests and answers as told. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TReceived = { path: string; headers: Record<string, unknown>; body: string; json: unknown };
/** `hold`: the answer waits until it settles (a receiver that is slow for as long as the test wants). */
export type TAnswer = { status: number; body: string; delayMs?: number; hold?: Promise<void> };

export type TReceiver = {
  url(path?: string): string;
  received: TReceived[];
  /** What the next requests get (per path; '*' for any other). */
  answer(path: string, answer: TAnswer): void;
  close(): Promise<void>;
};

export async function startReceiver(): Promise<TReceiver> {
  const received: TReceived[] = [];
  const answers = new Map<string, TAnswer>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body, json });
      const answer = answers.get(path) ?? answers.get('*') ?? { status: 200, body: '{"code":0}' };
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body);
      };
      if (answer.hold) answer.hold.then(send, send);
      else if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, answer) => {
      answers.set(path, answer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

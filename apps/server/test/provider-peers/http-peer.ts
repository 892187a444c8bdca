/**
 * The HTTP side of a provider's test peer: a local server on a free port that reads each request
 * whole, records it, and lets the peer answer it. Each provider's peer (aliyun-*, tencent-*,
 * aws-*) checks the signature of every request with this folder's own verifiers (acs3.ts, tc3.ts,
 * sigv4.ts) before it answers as the provider documents.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TPeerRequest = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
};

export type TPeerAnswer = { status?: number; headers?: Record<string, string>; body: string | Buffer };

export type THttpPeer = {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: TPeerRequest[];
  close(): Promise<void>;
};

/** Starts a peer that answers each request with `answer` (a thrown error answers 500). */
export async function startHttpPeer(
  answer: (request: TPeerRequest) => TPeerAnswer | Promise<TPeerAnswer>,
): Promise<THttpPeer> {
  const requests: TPeerRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: TPeerRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      Promise.resolve()
        .then(() => answer(request))
        .then(
          (reply) => {
            res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
            res.end(reply.body);
          },
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(error instanceof Error ? error.message : 'peer error');
          },
        );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

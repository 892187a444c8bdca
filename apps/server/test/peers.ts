/**
 * Real peers for delivery tests: an SMTP server (smtp-server, STARTTLS off) that keeps what it
 * receives, and an HTTP receiver that plays an SMS provider (answering OK, failing, or hanging).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = { from: string; to: string[]; raw: string };

export async function startSmtpServer(): Promise<{
  url: string;
  mails: TReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: TReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TSmsRequest = {
  headers: IncomingMessage['headers'];
  body: string;
  json: Record<string, unknown>;
};

export async function startSmsReceiver(): Promise<{
  url: string;
  requests: TSmsRequest[];
  mode: { value: 'ok' | 'fail' | 'hang' };
  close(): Promise<void>;
}> {
  const requests: TSmsRequest[] = [];
  const mode = { value: 'ok' as 'ok' | 'fail' | 'hang' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ headers: req.headers, body, json: JSON.parse(body) as Record<string, unknown> });
      if (mode.value === 'hang') return; // never answers
      res.setHeader('content-type', 'application/json');
      if (mode.value === 'fail') {
        res.statusCode = 500;
        res.end(JSON.stringify({ code: 'QUOTA', message: 'daily quota exceeded' }));
      } else {
        res.end(JSON.stringify({ code: 'OK', requestId: String(requests.length) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    requests,
    mode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The 6-digit code of a message text. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text.slice(0, 200)}`);
  return match[1];
}

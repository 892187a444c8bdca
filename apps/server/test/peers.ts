/**
 * Real peers for delivery tests: an SMTP server (smtp-server, STARTTLS off) that keeps what it
 * receives. The SMS providers' peers are in provider-peers/ (aliyun-sms.ts, tencent-sms.ts).
 */
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

/** The 6-digit code of a message text. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text.slice(0, 200)}`);
  return match[1];
}

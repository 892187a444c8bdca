/**
 * E-mail delivery. The SMTP implementation (nodemailer) is configured with SMTP_URL and
 * SMTP_FROM; without SMTP_URL there is no mailer, and outside production the development outbox
 * is where messages go.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export type TMail = { to: string; subject: string; text: string };

export type TMailer = { send(mail: TMail, signal: AbortSignal): Promise<void>; close(): void };

export function createSmtpMailer(url: string, from: string, timeoutMs: number): TMailer {
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
  const transport = nodemailer.createTransport(options, { from });
  return {
    send: async (mail, signal) => {
      const sending = transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(new Error('mail sending timed out'));
        if (signal.aborted) onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        sending.then(
          () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
          (error: unknown) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        );
      });
    },
    close: () => transport.close(),
  };
}

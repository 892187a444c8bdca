/**
 * Delivery of verification codes: the localized text for the purpose, the development outbox
 * (outside production mode), and the configured SMTP server or SMS provider, waited for at most
 * ten seconds. Any failure is a 4097 for the caller; the log keeps the cause, never the code.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TAuthMethod, TLanguage } from '@console/contract/enums';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps } from '../../context';
import { outbox } from '../../db/schema';
import { AppError } from '../../errors';

export type TChannel = 'sms' | 'email';

export type TDelivery = {
  channel: TChannel;
  /** `+86 13800000000` or an e-mail address. */
  target: string;
  purpose: TAuthMethod;
  code: string;
  ttlSeconds: number;
  lang: TLanguage;
};

export function composeMessage(delivery: TDelivery): { subject: string; text: string } {
  const mail = serverPhrases[delivery.lang].mail;
  const values = {
    brand: mail.brand,
    purpose: mail.purposes[delivery.purpose],
    code: delivery.code,
    minutes: Math.round(delivery.ttlSeconds / 60),
  };
  if (delivery.channel === 'sms') return { subject: '', text: interpolate(mail.sms, values) };
  return {
    subject: interpolate(mail.subject, values),
    text: mail.body.map((line) => interpolate(line, values)).join('\n\n'),
  };
}

export async function deliverCode(deps: TDeps, delivery: TDelivery, log: FastifyBaseLogger): Promise<void> {
  const { subject, text } = composeMessage(delivery);
  if (!deps.config.isProduction) {
    await deps.db.insert(outbox).values({
      channel: delivery.channel,
      recipient: delivery.target,
      subject,
      text,
      code: delivery.code,
      createdAt: deps.clock.now(),
    });
  }
  const signal = AbortSignal.timeout(deps.config.sendTimeoutMs);
  try {
    if (delivery.channel === 'email') {
      if (deps.mailer) await deps.mailer.send({ to: delivery.target, subject, text }, signal);
      else if (deps.config.isProduction) throw new Error('no SMTP server is configured (SMTP_URL)');
    } else if (deps.sms) {
      await deps.sms.send(
        {
          // E.164: +8613800000000
          phone: delivery.target.replace(' ', ''),
          text,
          params: {
            code: delivery.code,
            minutes: Math.round(delivery.ttlSeconds / 60),
            purpose: delivery.purpose,
          },
        },
        signal,
      );
    } else if (deps.config.isProduction) {
      throw new Error('no SMS provider is configured (SMS_ENDPOINT)');
    }
  } catch (error) {
    log.error(
      { err: error, channel: delivery.channel, purpose: delivery.purpose },
      'sending a verification code failed',
    );
    throw new AppError(ErrorCode.sendCodeFailed, { cause: error });
  }
}

/**
 * Delivery of verification codes: the localized text for the purpose, the development outbox
 * (outside production mode, and on a demonstration installation for the channels a stand-in
 * serves), and the configured SMTP server or SMS provider, waited for at most ten seconds. A
 * channel with no provider in production answers 4104 or 4105; a failed send is a 4097 for the
 * caller, and the log keeps the cause, never the code.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TAuthMethod, TLanguage } from '@console/contract/enums';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import { adapterStates, requireAdapter } from '../../adapters/registry';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { insertOutboxMessage, listOutbox } from './verification.repository';

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

export type TMessage = {
  channel: TChannel;
  target: string;
  subject: string;
  text: string;
  code: string | null;
};

/**
 * Sends one message: into the development outbox (outside production mode), then through the
 * configured SMTP server or SMS provider, waiting at most the send timeout; any failure is a 4097.
 */
/** Whether a message of this channel is also kept in the development outbox. */
function isKeptInOutbox(deps: TDeps, channel: TChannel): boolean {
  if (!deps.config.devAdapters) return false;
  // Outside production everything is kept; a demonstration installation keeps only what no real
  // provider delivers, so that real recipients' messages are never shown in the outbox.
  return (
    !deps.config.isProduction ||
    adapterStates(deps.config)[channel === 'sms' ? 'sms' : 'email'] === 'development'
  );
}

async function keepInOutbox(deps: TDeps, message: TMessage): Promise<void> {
  if (!isKeptInOutbox(deps, message.channel)) return;
  await insertOutboxMessage(deps.db, {
    channel: message.channel,
    recipient: message.target,
    subject: message.subject,
    text: message.text,
    code: message.code,
    createdAt: deps.clock.now(),
  });
}

/**
 * Sends one message: into the development outbox (where stand-ins deliver), then through the
 * configured SMTP server or SMS provider, waiting at most the send timeout. Without a provider and
 * without a stand-in the channel is not configured (4104, 4105); any failure to send is a 4097.
 */
export async function deliverMessage(
  deps: TDeps,
  message: TMessage,
  log: FastifyBaseLogger,
  what: string,
): Promise<void> {
  requireAdapter(deps.config, message.channel === 'sms' ? 'sms' : 'email');
  await keepInOutbox(deps, message);
  const signal = AbortSignal.timeout(deps.config.sendTimeoutMs);
  try {
    if (message.channel === 'email') {
      if (deps.mailer)
        await deps.mailer.send({ to: message.target, subject: message.subject, text: message.text }, signal);
    } else if (deps.sms) {
      // E.164: +8613800000000
      await deps.sms.send(
        { phone: message.target.replace(' ', ''), text: message.text, template: 'notice', params: { what } },
        signal,
      );
    }
  } catch (error) {
    log.error({ err: error, channel: message.channel, what }, 'sending a message failed');
    throw new AppError(ErrorCode.sendCodeFailed, { cause: error });
  }
}

/** The latest messages of the development outbox (of one recipient when given), newest first. */
export async function recentOutbox(deps: TDeps, recipient: string | null) {
  const rows = await listOutbox(deps.db, recipient);
  return rows.map((r) => ({
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    text: r.text,
    code: r.code,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function deliverCode(deps: TDeps, delivery: TDelivery, log: FastifyBaseLogger): Promise<void> {
  const { subject, text } = composeMessage(delivery);
  if (delivery.channel === 'sms' && deps.sms) {
    // The provider's verification template takes the code and its validity as parameters.
    await keepInOutbox(deps, { channel: 'sms', target: delivery.target, subject, text, code: delivery.code });
    try {
      await deps.sms.send(
        {
          phone: delivery.target.replace(' ', ''),
          text,
          template: 'code',
          params: {
            code: delivery.code,
            minutes: Math.round(delivery.ttlSeconds / 60),
            purpose: delivery.purpose,
          },
        },
        AbortSignal.timeout(deps.config.sendTimeoutMs),
      );
    } catch (error) {
      log.error(
        { err: error, channel: 'sms', purpose: delivery.purpose },
        'sending a verification code failed',
      );
      throw new AppError(ErrorCode.sendCodeFailed, { cause: error });
    }
    return;
  }
  await deliverMessage(
    deps,
    { channel: delivery.channel, target: delivery.target, subject, text, code: delivery.code },
    log,
    delivery.purpose,
  );
}

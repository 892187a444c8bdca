/**
 * Delivery of verification codes: the localized text for the purpose, the development outbox
 * (outside production mode, and on a demonstration installation for the channels a stand-in
 * serves), and the configured SMTP server or SMS provider, waited for at most ten seconds. A
 * channel with no provider in production answers 4104 or 4105; a failed send is a 4196 (rate
 * limit), 4197 (invalid number) or 4097 for the caller, and the log keeps the cause, never the code.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TAuthMethod, TLanguage } from '@console/contract/enums';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import { adapterStates, requireAdapter } from '../../adapters/registry';
import { SmsRefused, type TSmsKind } from '../../adapters/sms';
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

type TMessageBase = {
  target: string;
  subject: string;
  text: string;
  code: string | null;
};

/** An SMS's approved template at the provider, and the values of its parameters. */
export type TSmsTemplate = { kind: TSmsKind; values: Record<string, string> };

/** An e-mail, or an SMS with the provider's template that carries it. */
export type TMessage =
  | (TMessageBase & { channel: 'email' })
  | (TMessageBase & { channel: 'sms'; template: TSmsTemplate });

/** The error a failed send answers: the provider's rate limit, an invalid number, or 4097. */
function sendFailure(error: unknown): AppError {
  if (error instanceof SmsRefused && error.reason === 'rateLimited')
    return new AppError(ErrorCode.smsRateLimited, { cause: error });
  if (error instanceof SmsRefused && error.reason === 'invalidNumber')
    return new AppError(ErrorCode.smsNumberInvalid, { cause: error });
  return new AppError(ErrorCode.sendCodeFailed, { cause: error });
}

/** What the log keeps of a failed send: the provider's code and the error's name, never a value sent. */
function failureFields(error: unknown) {
  if (error instanceof SmsRefused) return { reason: error.reason, providerCode: error.providerCode };
  const e = error as { name?: unknown; code?: unknown };
  return { reason: 'failed', error: typeof e?.name === 'string' ? e.name : 'unknown', code: e?.code };
}

/** The provider's code of a failed send, for the audit entry (`timeout` when it did not answer in time). */
export function failureCodeOf(error: unknown): string {
  const cause = error instanceof AppError ? error.cause : error;
  if (cause instanceof SmsRefused) return cause.providerCode || cause.reason;
  const name = (cause as { name?: unknown })?.name;
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'failed';
}

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
 * without a stand-in the channel is not configured (4104, 4105). A failure to send is the SMS
 * provider's rate limit (4196), an invalid number (4197), or else a 4097; the log keeps the
 * provider's code, never the message's values.
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
      await deps.sms.send(
        {
          phone: message.target.replace(' ', ''),
          kind: message.template.kind,
          values: message.template.values,
          text: message.text,
        },
        signal,
      );
    }
  } catch (error) {
    log.error({ channel: message.channel, what, ...failureFields(error) }, 'sending a message failed');
    throw sendFailure(error);
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
  if (delivery.channel === 'sms') {
    // The provider's verification template takes the code and its validity as parameters.
    const template: TSmsTemplate = {
      kind: 'code',
      values: { code: delivery.code, minutes: String(Math.round(delivery.ttlSeconds / 60)) },
    };
    await deliverMessage(
      deps,
      { channel: 'sms', target: delivery.target, subject, text, code: delivery.code, template },
      log,
      delivery.purpose,
    );
    return;
  }
  await deliverMessage(
    deps,
    { channel: 'email', target: delivery.target, subject, text, code: delivery.code },
    log,
    delivery.purpose,
  );
}

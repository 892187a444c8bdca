/**
 * Password-expiry reminders: once per password, when it expires within seven days under its
 * account's policy, its holder gets one e-mail (in the account's default language). Hourly, on
 * one replica at a time.
 */
import { Limits } from '@console/contract/limits';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps } from '../../context';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { deliverMessage } from '../verification';
import { findExpiringPasswords, markReminderSent } from './password.repository';

export const passwordReminderJobKind = 'password-reminders';
const everyMs = 60 * 60_000;
const dayMs = 86_400_000;

export function createPasswordReminderJob(log: FastifyBaseLogger): TJobHandler {
  return async (_job, deps) => {
    const now = deps.clock.now();
    const until = new Date(now.getTime() + Limits.passwordExpiryReminderDays * dayMs);
    const rows = await findExpiringPasswords(deps.db, now, until, 500);
    const lang = deps.config.defaultLanguage;
    const mail = serverPhrases[lang].mail;
    for (const row of rows) {
      const values = {
        brand: mail.brand,
        user: row.username,
        account: row.account,
        date: row.expiresAt.toISOString().slice(0, 10),
      };
      try {
        await deliverMessage(
          deps,
          {
            channel: 'email',
            target: row.email.toLowerCase(),
            subject: interpolate(mail.passwordExpiry.subject, values),
            text: mail.passwordExpiry.body.map((line) => interpolate(line, values)).join('\n\n'),
            code: null,
          },
          log,
          'password-expiry',
        );
        await markReminderSent(deps.db, row.id, now);
      } catch {
        // delivery failures are logged by delivery; the next run tries again
      }
    }
    return { nextRunAt: new Date(now.getTime() + everyMs) };
  };
}

export async function schedulePasswordReminders(deps: TDeps): Promise<void> {
  await enqueueJob(deps.db, {
    kind: passwordReminderJobKind,
    runAt: deps.clock.now(),
    dedupeKey: passwordReminderJobKind,
  });
}

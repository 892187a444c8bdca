/**
 * Password-expiry reminders: once per password, when it expires within seven days under its
 * account's policy, its holder gets one e-mail (in the account's default language). Hourly, on
 * one replica at a time.
 */
import { Limits } from '@console/contract/limits';
import { interpolate, serverPhrases } from '@console/phrases/server';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps } from '../../context';
import { rowsOf } from '../../db/client';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { deliverMessage } from '../verification/delivery';

export const passwordReminderJobKind = 'password-reminders';
const everyMs = 60 * 60_000;
const dayMs = 86_400_000;

export function createPasswordReminderJob(log: FastifyBaseLogger): TJobHandler {
  return async (_job, deps) => {
    const now = deps.clock.now();
    const rows = rowsOf<{
      id: number;
      username: string;
      email: string;
      account: string;
      expires_at: Date | string;
    }>(
      await deps.db.execute(sql`
        select u.id, u.username, u.email, a.name as account,
               u.password_changed_at + make_interval(days => pp.expire_days) as expires_at
        from users u
        join accounts a on a.id = u.account_id
        join password_policies pp on pp.account_id = u.account_id and pp.expire_days > 0
        where u.deleted_at is null and u.kind = 'regular' and u.is_enabled and u.email is not null
          and (u.password_reminder_sent_at is null or u.password_reminder_sent_at < u.password_changed_at)
          and u.password_changed_at + make_interval(days => pp.expire_days) > ${now}
          and u.password_changed_at + make_interval(days => pp.expire_days) <= ${new Date(now.getTime() + Limits.passwordExpiryReminderDays * dayMs)}
        order by u.id
        limit 500`),
    );
    const lang = deps.config.defaultLanguage;
    const mail = serverPhrases[lang].mail;
    for (const row of rows) {
      const values = {
        brand: mail.brand,
        user: row.username,
        account: row.account,
        date: new Date(row.expires_at).toISOString().slice(0, 10),
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
        await deps.db.execute(sql`update users set password_reminder_sent_at = ${now} where id = ${row.id}`);
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

/** Webhooks of an account and their deliveries (SQL only). */
import type { TWebhookSigningMode } from '@console/contract/billing-enums';
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';

export type TWebhookRecord = {
  id: number;
  accountId: number;
  name: string;
  description: string;
  url: string;
  channel: string;
  paramsTemplate: string;
  successKey: string;
  successValue: string;
  isEnabled: boolean;
  signingMode: TWebhookSigningMode;
  /** Whether a signing secret is set (the sealed secret itself is read by `findSigningSecret` only). */
  hasSigningSecret: boolean;
  secretUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  lastDelivery: { status: 'pending' | 'success' | 'failed'; time: Date } | null;
};

type TWebhookRow = {
  id: number;
  account_id: number;
  name: string;
  description: string;
  url: string;
  channel: string;
  params_template: string;
  success_key: string;
  success_value: string;
  is_enabled: boolean;
  signing_mode: TWebhookSigningMode;
  has_signing_secret: boolean;
  secret_updated_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_status: 'pending' | 'success' | 'failed' | null;
  last_time: Date | string | null;
};

function toRecord(r: TWebhookRow): TWebhookRecord {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    name: r.name,
    description: r.description,
    url: r.url,
    channel: r.channel,
    paramsTemplate: r.params_template,
    successKey: r.success_key,
    successValue: r.success_value,
    isEnabled: r.is_enabled,
    signingMode: r.signing_mode,
    hasSigningSecret: r.has_signing_secret,
    secretUpdatedAt: r.secret_updated_at === null ? null : new Date(r.secret_updated_at),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    lastDelivery:
      r.last_status && r.last_time ? { status: r.last_status, time: new Date(r.last_time) } : null,
  };
}

const selectWebhooks = sql`
  select w.id, w.account_id, w.name, w.description, w.url, w.channel, w.params_template, w.success_key,
         w.success_value, w.is_enabled, w.signing_mode, w.signing_secret is not null as has_signing_secret,
         w.secret_updated_at, w.created_at, w.updated_at,
         d.status as last_status, coalesce(d.finished_at, d.created_at) as last_time
    from webhooks w
    left join lateral (
      select status, finished_at, created_at from webhook_deliveries
       where webhook_id = w.id order by created_at desc, id desc limit 1
    ) d on true`;

export async function listWebhooks(db: TDb, accountId: number): Promise<TWebhookRecord[]> {
  const rows = rowsOf<TWebhookRow>(
    await db.execute(sql`${selectWebhooks} where w.account_id = ${accountId} order by w.id`),
  );
  return rows.map(toRecord);
}

/** The webhook when it is the account's; `isLocked` holds its row until the transaction ends. */
export async function findWebhook(
  db: TDb,
  accountId: number,
  id: number,
  isLocked = false,
): Promise<TWebhookRecord | null> {
  if (isLocked) {
    const locked = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from webhooks where id = ${id} and account_id = ${accountId} for update`,
      ),
    );
    if (locked.length === 0) return null;
  }
  const rows = rowsOf<TWebhookRow>(
    await db.execute(sql`${selectWebhooks} where w.id = ${id} and w.account_id = ${accountId}`),
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Which of these ids are webhooks of the account. */
export async function webhookIdsOf(db: TDb, accountId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from webhooks where account_id = ${accountId} and id = any(${`{${ids.join(',')}}`}::bigint[])`),
  );
  return rows.map((r) => Number(r.id));
}

export async function nameTaken(db: TDb, accountId: number, name: string, exceptId: number | null) {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from webhooks where account_id = ${accountId} and name = ${name}
         and (${exceptId}::bigint is null or id <> ${exceptId}::bigint)`),
  );
  return rows.length > 0;
}

export type TWebhookFields = {
  name: string;
  description: string;
  url: string;
  channel: string;
  paramsTemplate: string;
  successKey: string;
  successValue: string;
  isEnabled: boolean;
  signingMode: TWebhookSigningMode;
};

export async function insertWebhook(
  db: TDb,
  accountId: number,
  f: TWebhookFields,
  now: Date,
): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into webhooks (account_id, name, description, url, channel, params_template, success_key,
                            success_value, is_enabled, signing_mode, created_at, updated_at)
      values (${accountId}, ${f.name}, ${f.description}, ${f.url}, ${f.channel}, ${f.paramsTemplate},
              ${f.successKey}, ${f.successValue}, ${f.isEnabled}, ${f.signingMode}, ${now}, ${now})
      returning id`),
  );
  return Number(rows[0]?.id);
}

export async function updateWebhook(
  db: TDb,
  accountId: number,
  id: number,
  f: TWebhookFields,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update webhooks set name = ${f.name}, description = ${f.description}, url = ${f.url}, channel = ${f.channel},
                        params_template = ${f.paramsTemplate}, success_key = ${f.successKey},
                        success_value = ${f.successValue}, is_enabled = ${f.isEnabled},
                        signing_mode = ${f.signingMode}, updated_at = ${now}
     where id = ${id} and account_id = ${accountId}`);
}

/** Sets (sealed) or clears (null) the webhook's signing secret. */
export async function setSigningSecret(
  db: TDb,
  accountId: number,
  id: number,
  sealed: string | null,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update webhooks set signing_secret = ${sealed}, secret_updated_at = ${sealed === null ? null : now},
                        updated_at = ${now}
     where id = ${id} and account_id = ${accountId}`);
}

/**
 * Deletes the webhook (its deliveries go with it) and takes it out of the account's alert
 * configuration; the webhook method goes too when no webhook is left there.
 */
export async function deleteWebhook(db: TDb, accountId: number, id: number, now: Date): Promise<void> {
  await db.execute(sql`
    update alert_configs
       set webhook_ids = (select coalesce(jsonb_agg(x), '[]'::jsonb) from jsonb_array_elements(webhook_ids) x
                           where x <> to_jsonb(${id}::bigint)),
           updated_at = ${now}
     where account_id = ${accountId} and webhook_ids @> to_jsonb(array[${id}::bigint])`);
  await db.execute(sql`
    update alert_configs
       set methods = (select coalesce(jsonb_agg(m), '[]'::jsonb) from jsonb_array_elements(methods) m
                       where m <> '"webhook"'::jsonb)
     where account_id = ${accountId} and webhook_ids = '[]'::jsonb and methods @> '["webhook"]'::jsonb`);
  await db.execute(sql`delete from webhooks where id = ${id} and account_id = ${accountId}`);
}

// ---------------------------------------------------------------------------------------------
// deliveries

export type TDeliveryRecord = {
  id: number;
  webhookId: number;
  accountId: number;
  kind: 'alert' | 'test';
  /** The delivery's `webhook-id`, the same in every attempt. */
  messageId: string;
  message: string;
  status: 'pending' | 'success' | 'failed';
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

type TDeliveryRow = {
  id: number;
  webhook_id: number;
  account_id: number;
  kind: 'alert' | 'test';
  message_id: string;
  message: string;
  status: 'pending' | 'success' | 'failed';
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
};

function toDelivery(r: TDeliveryRow): TDeliveryRecord {
  return {
    id: Number(r.id),
    webhookId: Number(r.webhook_id),
    accountId: Number(r.account_id),
    kind: r.kind,
    messageId: r.message_id,
    message: r.message,
    status: r.status,
    attempts: Number(r.attempts),
    responseStatus: r.response_status === null ? null : Number(r.response_status),
    error: r.error,
    createdAt: new Date(r.created_at),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
  };
}

const deliveryColumns = sql`id, webhook_id, account_id, kind, message_id, message, status, attempts, response_status,
                            error, created_at, finished_at`;

export async function insertDelivery(
  db: TDb,
  d: {
    webhookId: number;
    accountId: number;
    kind: 'alert' | 'test';
    /** The delivery's stable id (webhooks.signing.ts `newMessageId`). */
    messageId: string;
    message: string;
    status?: 'pending' | 'success' | 'failed';
    attempts?: number;
    responseStatus?: number | null;
    error?: string | null;
    finishedAt?: Date | null;
    now: Date;
  },
): Promise<TDeliveryRecord> {
  const rows = rowsOf<TDeliveryRow>(
    await db.execute(sql`
      insert into webhook_deliveries (webhook_id, account_id, kind, message_id, message, status, attempts,
                                      response_status, error, created_at, finished_at)
      values (${d.webhookId}, ${d.accountId}, ${d.kind}, ${d.messageId}, ${d.message}, ${d.status ?? 'pending'},
              ${d.attempts ?? 0},
              ${d.responseStatus ?? null}, ${d.error ?? null}, ${d.now}, ${d.finishedAt ?? null})
      returning ${deliveryColumns}`),
  );
  return toDelivery(rows[0] as TDeliveryRow);
}

export async function listDeliveries(
  db: TDb,
  webhookId: number,
  page: { offset: number; limit: number },
): Promise<{ list: TDeliveryRecord[]; total: number }> {
  const rows = rowsOf<TDeliveryRow>(
    await db.execute(sql`
      select ${deliveryColumns} from webhook_deliveries where webhook_id = ${webhookId}
       order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`),
  );
  const total = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from webhook_deliveries where webhook_id = ${webhookId}`),
  )[0]?.n;
  return { list: rows.map(toDelivery), total: Number(total ?? 0) };
}

export async function findDelivery(db: TDb, id: number): Promise<TDeliveryRecord | null> {
  const rows = rowsOf<TDeliveryRow>(
    await db.execute(sql`select ${deliveryColumns} from webhook_deliveries where id = ${id}`),
  );
  return rows[0] ? toDelivery(rows[0]) : null;
}

/** A delivery with what the delivery job needs of its webhook. */
export async function findPendingDelivery(db: TDb, id: number) {
  const rows = rowsOf<
    TDeliveryRow & {
      url: string;
      params_template: string;
      success_key: string;
      success_value: string;
      is_enabled: boolean;
      signing_mode: TWebhookSigningMode;
      signing_secret: string | null;
    }
  >(
    await db.execute(sql`
      select d.id, d.webhook_id, d.account_id, d.kind, d.message_id, d.message, d.status, d.attempts,
             d.response_status, d.error, d.created_at, d.finished_at, w.url, w.params_template, w.success_key,
             w.success_value, w.is_enabled, w.signing_mode, w.signing_secret
        from webhook_deliveries d join webhooks w on w.id = d.webhook_id
       where d.id = ${id} and d.status = 'pending'`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    delivery: toDelivery(r),
    target: {
      url: r.url,
      paramsTemplate: r.params_template,
      successKey: r.success_key,
      successValue: r.success_value,
    },
    signing: { mode: r.signing_mode, sealedSecret: r.signing_secret },
    isEnabled: r.is_enabled,
  };
}

/** The webhook's signing mode and sealed secret (null when none), for sending. */
export async function findSigningSecret(
  db: TDb,
  accountId: number,
  id: number,
): Promise<{ mode: TWebhookSigningMode; sealedSecret: string | null } | null> {
  const rows = rowsOf<{ signing_mode: TWebhookSigningMode; signing_secret: string | null }>(
    await db.execute(sql`
      select signing_mode, signing_secret from webhooks where id = ${id} and account_id = ${accountId}`),
  );
  const r = rows[0];
  return r ? { mode: r.signing_mode, sealedSecret: r.signing_secret } : null;
}

/** Records an attempt; answers false when another worker recorded this attempt already. */
export async function recordAttempt(
  db: TDb,
  id: number,
  previousAttempts: number,
  a: {
    status: 'pending' | 'success' | 'failed';
    responseStatus: number | null;
    error: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update webhook_deliveries
         set attempts = attempts + 1, status = ${a.status}, response_status = ${a.responseStatus},
             error = ${a.error}, finished_at = ${a.status === 'pending' ? null : a.now}
       where id = ${id} and status = 'pending' and attempts = ${previousAttempts}
      returning id`),
  );
  return rows.length > 0;
}

/** Webhooks of an account and their deliveries (SQL only). */
import type { TWebhookSigningMode } from '@console/contract/billing-enums';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { accounts, alertConfigs, webhookDeliveries, webhooks } from '../../../db/schema';

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

/** The webhooks with their last delivery (a lateral read of the delivery index). */
function selectWebhooks(db: TDb) {
  const last = db
    .select({
      status: webhookDeliveries.status,
      finishedAt: webhookDeliveries.finishedAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhooks.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(1)
    .as('d');
  return db
    .select({
      id: webhooks.id,
      accountId: webhooks.accountId,
      name: webhooks.name,
      description: webhooks.description,
      url: webhooks.url,
      channel: webhooks.channel,
      paramsTemplate: webhooks.paramsTemplate,
      successKey: webhooks.successKey,
      successValue: webhooks.successValue,
      isEnabled: webhooks.isEnabled,
      signingMode: webhooks.signingMode,
      hasSigningSecret: sql<boolean>`${webhooks.signingSecret} is not null`,
      secretUpdatedAt: webhooks.secretUpdatedAt,
      createdAt: webhooks.createdAt,
      updatedAt: webhooks.updatedAt,
      lastStatus: last.status,
      lastTime: sql<Date | null>`coalesce(${last.finishedAt}, ${last.createdAt})`.mapWith(
        webhookDeliveries.createdAt,
      ),
    })
    .from(webhooks)
    .leftJoinLateral(last, sql`true`);
}

type TWebhookRow = Awaited<ReturnType<typeof selectWebhooks>>[number];

function toRecord({ lastStatus, lastTime, ...r }: TWebhookRow): TWebhookRecord {
  return { ...r, lastDelivery: lastStatus && lastTime ? { status: lastStatus, time: lastTime } : null };
}

export async function listWebhooks(db: TDb, accountId: number): Promise<TWebhookRecord[]> {
  const rows = await selectWebhooks(db).where(eq(webhooks.accountId, accountId)).orderBy(webhooks.id);
  return rows.map(toRecord);
}

/** The webhook when it is the account's; `isLocked` holds its row until the transaction ends. */
export async function findWebhook(
  db: TDb,
  accountId: number,
  id: number,
  isLocked = false,
): Promise<TWebhookRecord | null> {
  const own = and(eq(webhooks.id, id), eq(webhooks.accountId, accountId));
  if (isLocked) {
    const locked = await db.select({ id: webhooks.id }).from(webhooks).where(own).for('update');
    if (locked.length === 0) return null;
  }
  const [row] = await selectWebhooks(db).where(own);
  return row ? toRecord(row) : null;
}

/** Which of these ids are webhooks of the account. */
export async function webhookIdsOf(db: TDb, accountId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.accountId, accountId), inArray(webhooks.id, [...ids])));
  return rows.map((r) => r.id);
}

/** Enabled webhooks of the account among these ids. */
export async function enabledWebhookIds(
  db: TDb,
  accountId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.accountId, accountId), webhooks.isEnabled, inArray(webhooks.id, [...ids])))
    .orderBy(webhooks.id);
  return rows.map((r) => r.id);
}

export async function nameTaken(
  db: TDb,
  accountId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.accountId, accountId),
        eq(webhooks.name, name),
        exceptId === null ? undefined : ne(webhooks.id, exceptId),
      ),
    );
  return rows.length > 0;
}

/** What a save writes: the record's own fields. */
export type TWebhookFields = Pick<
  TWebhookRecord,
  | 'name'
  | 'description'
  | 'url'
  | 'channel'
  | 'paramsTemplate'
  | 'successKey'
  | 'successValue'
  | 'isEnabled'
  | 'signingMode'
>;

export async function insertWebhook(
  db: TDb,
  accountId: number,
  f: TWebhookFields,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(webhooks)
    .values({ accountId, ...f, createdAt: now, updatedAt: now })
    .returning({ id: webhooks.id });
  return Number(row?.id);
}

export async function updateWebhook(
  db: TDb,
  accountId: number,
  id: number,
  f: TWebhookFields,
  now: Date,
): Promise<void> {
  await db
    .update(webhooks)
    .set({ ...f, updatedAt: now })
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)));
}

/** Sets (sealed) or clears (null) the webhook's signing secret. */
export async function setSigningSecret(
  db: TDb,
  accountId: number,
  id: number,
  sealed: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(webhooks)
    .set({ signingSecret: sealed, secretUpdatedAt: sealed === null ? null : now, updatedAt: now })
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)));
}

/**
 * Deletes the webhook (its deliveries go with it) and takes it out of the account's alert
 * configuration; the webhook method goes too when no webhook is left there.
 */
export async function deleteWebhook(db: TDb, accountId: number, id: number, now: Date): Promise<void> {
  await db
    .update(alertConfigs)
    .set({
      webhookIds: sql`(select coalesce(jsonb_agg(x), '[]'::jsonb) from jsonb_array_elements(${alertConfigs.webhookIds}) x
                        where x <> to_jsonb(${id}::bigint))`,
      updatedAt: now,
    })
    .where(
      and(
        eq(alertConfigs.accountId, accountId),
        sql`${alertConfigs.webhookIds} @> to_jsonb(array[${id}::bigint])`,
      ),
    );
  await db
    .update(alertConfigs)
    .set({
      methods: sql`(select coalesce(jsonb_agg(m), '[]'::jsonb) from jsonb_array_elements(${alertConfigs.methods}) m
                     where m <> '"webhook"'::jsonb)`,
    })
    .where(
      and(
        eq(alertConfigs.accountId, accountId),
        sql`${alertConfigs.webhookIds} = '[]'::jsonb`,
        sql`${alertConfigs.methods} @> '["webhook"]'::jsonb`,
      ),
    );
  await db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)));
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

const deliveryColumns = {
  id: webhookDeliveries.id,
  webhookId: webhookDeliveries.webhookId,
  accountId: webhookDeliveries.accountId,
  kind: webhookDeliveries.kind,
  messageId: webhookDeliveries.messageId,
  message: webhookDeliveries.message,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  error: webhookDeliveries.error,
  createdAt: webhookDeliveries.createdAt,
  finishedAt: webhookDeliveries.finishedAt,
};

function toDelivery(r: Omit<TDeliveryRecord, 'kind'> & { kind: string }): TDeliveryRecord {
  return { ...r, kind: r.kind === 'test' ? 'test' : 'alert' };
}

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
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: d.webhookId,
      accountId: d.accountId,
      kind: d.kind,
      messageId: d.messageId,
      message: d.message,
      status: d.status ?? 'pending',
      attempts: d.attempts ?? 0,
      responseStatus: d.responseStatus ?? null,
      error: d.error ?? null,
      createdAt: d.now,
      finishedAt: d.finishedAt ?? null,
    })
    .returning(deliveryColumns);
  if (!row) throw new Error('webhook delivery not inserted');
  return toDelivery(row);
}

export async function listDeliveries(
  db: TDb,
  webhookId: number,
  page: { offset: number; limit: number },
): Promise<{ list: TDeliveryRecord[]; total: number }> {
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId));
  return { list: rows.map(toDelivery), total: total?.n ?? 0 };
}

export async function findDelivery(db: TDb, id: number): Promise<TDeliveryRecord | null> {
  const [row] = await db.select(deliveryColumns).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ? toDelivery(row) : null;
}

/** A delivery with what the delivery job needs of its webhook. */
export async function findPendingDelivery(db: TDb, id: number) {
  const [r] = await db
    .select({
      delivery: deliveryColumns,
      url: webhooks.url,
      paramsTemplate: webhooks.paramsTemplate,
      successKey: webhooks.successKey,
      successValue: webhooks.successValue,
      isEnabled: webhooks.isEnabled,
      signingMode: webhooks.signingMode,
      signingSecret: webhooks.signingSecret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
  if (!r) return null;
  return {
    delivery: toDelivery(r.delivery),
    target: {
      url: r.url,
      paramsTemplate: r.paramsTemplate,
      successKey: r.successKey,
      successValue: r.successValue,
    },
    signing: { mode: r.signingMode, sealedSecret: r.signingSecret },
    isEnabled: r.isEnabled,
  };
}

/** The webhook's signing mode and sealed secret (null when none), for sending. */
export async function findSigningSecret(
  db: TDb,
  accountId: number,
  id: number,
): Promise<{ mode: TWebhookSigningMode; sealedSecret: string | null } | null> {
  const [r] = await db
    .select({ mode: webhooks.signingMode, sealedSecret: webhooks.signingSecret })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)));
  return r ?? null;
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
  const rows = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      status: a.status,
      responseStatus: a.responseStatus,
      error: a.error,
      finishedAt: a.status === 'pending' ? null : a.now,
    })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, previousAttempts),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** The display name of the account (the test message names it). */
export async function accountDisplayName(db: TDb, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ displayName: accounts.displayName })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.displayName ?? null;
}

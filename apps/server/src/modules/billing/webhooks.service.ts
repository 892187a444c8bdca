/**
 * Webhooks of an account (spec sections 3 and 5): the list with each one's last delivery, create
 * and update under the rules of section 5 (name unique in the account, a JSON template with the
 * `${alertMessage}` placeholder), delete, "send test" and the delivery log. Every change is
 * audited in its transaction (`webhook.create`, `webhook.update`, `webhook.delete`,
 * `webhook.test`). A webhook of another account is refused with 403.
 */
import type {
  TLanguage,
  TWebhook,
  TWebhookDelivery,
  TWebhookTestResult,
  ZWebhookInput,
} from '@console/contract';
import { ZWebhookTestResult } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { interpolate, serverPhrases } from '@console/phrases/server';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAuth, TDeps } from '../../context';
import { rowsOf } from '../../db/client';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { enqueueDelivery, webhookMaxAttempts, webhookRetryDelayMs } from '../../jobs/webhooks';
import { insertAuditEntry } from '../audit/audit.repository';
import type { TRequestMeta } from '../auth/auth.service';
import {
  deleteWebhook as deleteWebhookRow,
  findWebhook,
  insertDelivery,
  insertWebhook,
  listDeliveries,
  listWebhooks as listWebhookRows,
  nameTaken,
  type TDeliveryRecord,
  type TWebhookFields,
  type TWebhookRecord,
  updateWebhook,
} from './webhooks.repository';
import { sendWebhook, templateProblem } from './webhooks.sender';

type TWebhookSave = z.output<typeof ZWebhookInput>;

function badField(lang: TLanguage, field: string, key: string): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { [field]: translateValidation(lang, key) } },
  });
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return c !== null && (c.constraint === undefined || c.constraint === constraint);
}

export function webhookView(w: TWebhookRecord): TWebhook {
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    url: w.url,
    channel: w.channel,
    paramsTemplate: w.paramsTemplate,
    successKey: w.successKey,
    successValue: w.successValue,
    isEnabled: w.isEnabled,
    createTime: w.createdAt.toISOString(),
    updateTime: w.updatedAt.toISOString(),
    lastDelivery: w.lastDelivery
      ? { status: w.lastDelivery.status, time: w.lastDelivery.time.toISOString() }
      : null,
  };
}

export function deliveryView(d: TDeliveryRecord): TWebhookDelivery {
  return {
    id: d.id,
    webhookId: d.webhookId,
    kind: d.kind,
    message: d.message,
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    error: d.error,
    createTime: d.createdAt.toISOString(),
    finishTime: d.finishedAt ? d.finishedAt.toISOString() : null,
  };
}

/** The host the webhook calls, for audit details (the address's path and query may carry tokens). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function audit(
  auth: TAuth,
  meta: TRequestMeta,
  now: Date,
  action: string,
  webhook: { id: number; name: string },
  info: Record<string, unknown>,
  isSuccess = true,
) {
  return {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    action,
    objectType: 'webhook',
    objectId: String(webhook.id),
    objectName: webhook.name,
    isSuccess,
    info,
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}

async function requireWebhook(deps: TDeps, accountId: number, id: number): Promise<TWebhookRecord> {
  const webhook = await findWebhook(deps.db, accountId, id);
  if (!webhook) throw new AppError(ErrorCode.forbidden);
  return webhook;
}

export async function listWebhooks(deps: TDeps, auth: TAuth): Promise<TWebhook[]> {
  return (await listWebhookRows(deps.db, auth.accountId)).map(webhookView);
}

export async function saveWebhook(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  input: TWebhookSave,
  meta: TRequestMeta,
): Promise<TWebhook> {
  const problem = templateProblem(input.paramsTemplate);
  if (problem) throw badField(lang, 'paramsTemplate', problem);
  const fields: TWebhookFields = {
    name: input.name,
    description: input.description,
    url: input.url,
    channel: input.channel,
    paramsTemplate: input.paramsTemplate,
    successKey: input.successKey,
    successValue: input.successValue,
    isEnabled: input.isEnabled,
  };
  const now = deps.clock.now();
  try {
    const id = await deps.db.transaction(async (tx) => {
      const current = input.id ? await findWebhook(tx, auth.accountId, input.id, true) : null;
      if (input.id && !current) throw new AppError(ErrorCode.forbidden);
      if (await nameTaken(tx, auth.accountId, fields.name, current?.id ?? null)) {
        throw badField(lang, 'name', 'webhookNameTaken');
      }
      const details = {
        name: fields.name,
        host: hostOf(fields.url),
        channel: fields.channel,
        successKey: fields.successKey,
        isEnabled: fields.isEnabled,
      };
      if (current) {
        await updateWebhook(tx, auth.accountId, current.id, fields, now);
        const changed = (Object.keys(fields) as (keyof TWebhookFields)[]).filter(
          (k) => fields[k] !== current[k],
        );
        await insertAuditEntry(
          tx,
          audit(
            auth,
            meta,
            now,
            'webhook.update',
            { id: current.id, name: fields.name },
            {
              ...details,
              changed,
              ...(current.name !== fields.name ? { previousName: current.name } : {}),
            },
          ),
        );
        return current.id;
      }
      const created = await insertWebhook(tx, auth.accountId, fields, now);
      await insertAuditEntry(
        tx,
        audit(auth, meta, now, 'webhook.create', { id: created, name: fields.name }, details),
      );
      return created;
    });
    return webhookView((await findWebhook(deps.db, auth.accountId, id)) as TWebhookRecord);
  } catch (error) {
    // Two saves of one name at once: the unique index decides.
    if (isUniqueViolation(error, 'webhooks_account_name_key'))
      throw badField(lang, 'name', 'webhookNameTaken');
    throw error;
  }
}

export async function deleteWebhook(deps: TDeps, auth: TAuth, id: number, meta: TRequestMeta): Promise<null> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const webhook = await findWebhook(tx, auth.accountId, id, true);
    if (!webhook) throw new AppError(ErrorCode.forbidden);
    await deleteWebhookRow(tx, auth.accountId, id, now);
    await insertAuditEntry(
      tx,
      audit(auth, meta, now, 'webhook.delete', webhook, { name: webhook.name, host: hostOf(webhook.url) }),
    );
  });
  return null;
}

/**
 * Sends a test message now (in the request's language) and records it as a delivery. A failed
 * test is retried by the delivery job like any delivery, and answers 4072 with the result.
 */
export async function testWebhook(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  id: number,
  meta: TRequestMeta,
): Promise<TWebhookTestResult> {
  const webhook = await requireWebhook(deps, auth.accountId, id);
  const account = rowsOf<{ display_name: string }>(
    await deps.db.execute(sql`select display_name from accounts where id = ${auth.accountId}`),
  )[0];
  const phrases = serverPhrases[lang].mail;
  const message = interpolate(phrases.billing.webhookTest, {
    brand: phrases.brand,
    name: webhook.name,
    account: account?.display_name ?? '',
  });
  const outcome = await sendWebhook(webhook, message, {
    timeoutMs: deps.config.alerts.webhookTimeoutMs,
    allowPrivate: deps.config.alerts.webhookAllowPrivate,
  });
  const now = deps.clock.now();
  const delivery = await deps.db.transaction(async (tx) => {
    const current = await findWebhook(tx, auth.accountId, id, true);
    if (!current) throw new AppError(ErrorCode.forbidden);
    const isRetried = !outcome.isSuccess && webhookMaxAttempts > 1;
    const row = await insertDelivery(tx, {
      webhookId: webhook.id,
      accountId: auth.accountId,
      kind: 'test',
      message,
      status: outcome.isSuccess ? 'success' : isRetried ? 'pending' : 'failed',
      attempts: 1,
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      finishedAt: outcome.isSuccess || !isRetried ? now : null,
      now,
    });
    if (isRetried) await enqueueDelivery(tx, row.id, new Date(now.getTime() + webhookRetryDelayMs(deps, 1)));
    await insertAuditEntry(
      tx,
      audit(
        auth,
        meta,
        now,
        'webhook.test',
        webhook,
        {
          name: webhook.name,
          host: hostOf(webhook.url),
          deliveryId: row.id,
          responseStatus: outcome.responseStatus,
          ...(outcome.error ? { error: outcome.error } : {}),
        },
        outcome.isSuccess,
      ),
    );
    return row;
  });
  const result = ZWebhookTestResult.parse({
    isSuccess: outcome.isSuccess,
    responseStatus: outcome.responseStatus,
    error: outcome.error,
    delivery: deliveryView(delivery),
  });
  if (!outcome.isSuccess) throw new AppError(ErrorCode.webhookSendFailed, { data: result });
  return result;
}

export async function listWebhookDeliveries(
  deps: TDeps,
  auth: TAuth,
  query: { webhookId: number; pageNo: number; pageSize: number },
) {
  await requireWebhook(deps, auth.accountId, query.webhookId);
  const { list, total } = await listDeliveries(deps.db, query.webhookId, {
    offset: (query.pageNo - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { list: list.map(deliveryView), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/**
 * Webhooks of an account (spec sections 3 and 5): the list with each one's last delivery, create
 * and update under the rules of section 5 (name unique in the account, a JSON template with the
 * `${alertMessage}` placeholder), delete, "send test" and the delivery log. Every change is
 * audited in its transaction (`webhook.create`, `webhook.update`, `webhook.delete`,
 * `webhook.test`, `webhook.rotateSecret`). A webhook of another account is refused with 403.
 *
 * Signing (webhooks.signing.ts): a webhook signs as Standard Webhooks, DingTalk or Feishu with a
 * secret kept sealed. The secret is never answered or logged; the audit says only that it changed.
 * A Standard Webhooks secret can be generated (on save, or "rotate"), and is then answered once.
 */
import type {
  TLanguage,
  TWebhook,
  TWebhookDelivery,
  TWebhookSaveResult,
  TWebhookSecretRotation,
  TWebhookTestResult,
  ZWebhookInput,
} from '@console/contract';
import { ZWebhookTestResult } from '@console/contract';
import { signingSecretProblem } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { z } from 'zod';
import type { TAuth, TDeps, TRequestMeta } from '../../../context';
import type { TDb } from '../../../db/client';
import { AppError } from '../../../errors';
import { translateValidation } from '../../../i18n';
import { outboundFailurePhrase } from '../../../lib/outbound-failure';
import { writeAudit } from '../../audit';
import { cancelDelivery, enqueueDelivery, webhookRetryDelayMs } from './webhooks.jobs';
import {
  accountDisplayName,
  deleteWebhook as deleteWebhookRow,
  enabledWebhookIds,
  findDelivery,
  findSigningSecret,
  findWebhook,
  insertDelivery,
  insertWebhook,
  listDeliveries,
  listWebhooks as listWebhookRows,
  nameTaken,
  recordAttempt,
  setSigningSecret,
  type TDeliveryRecord,
  type TWebhookFields,
  type TWebhookRecord,
  updateWebhook,
  webhookIdsOf,
} from './webhooks.repository';
import { renderTemplate, sendWebhook, templateProblem } from './webhooks.sender';
import { generateStandardSecret, newMessageId, openSigning } from './webhooks.signing';

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
    signingMode: w.signingMode,
    hasSigningSecret: w.hasSigningSecret,
    secretUpdateTime: w.secretUpdatedAt ? w.secretUpdatedAt.toISOString() : null,
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
    messageId: d.messageId,
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
    objectType: 'webhook' as const,
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

/** What a save does to the signing secret. */
type TSecretChange =
  | { kind: 'keep' }
  | { kind: 'clear' }
  | { kind: 'set'; secret: string; isGenerated: boolean };

/**
 * A secret given is set; without one the current secret stays while the mode stays; Standard
 * Webhooks otherwise gets a generated secret, and DingTalk or Feishu need the robot's secret. No
 * signing, no secret.
 */
function secretChange(
  lang: TLanguage,
  input: TWebhookSave,
  given: string | undefined,
  current: TWebhookRecord | null,
): TSecretChange {
  const mode = input.signingMode;
  if (mode === 'none') return current?.hasSigningSecret ? { kind: 'clear' } : { kind: 'keep' };
  if (given !== undefined) return { kind: 'set', secret: given, isGenerated: false };
  if (current && current.signingMode === mode && current.hasSigningSecret) return { kind: 'keep' };
  if (mode === 'standard') return { kind: 'set', secret: generateStandardSecret(), isGenerated: true };
  throw badField(lang, 'signingSecret', 'webhookSigningSecret');
}

/** Whether the template, filled, is a JSON object (Feishu's signature goes into it). */
function isObjectTemplate(template: string): boolean {
  const value: unknown = JSON.parse(renderTemplate(template, 'message'));
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export async function saveWebhook(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  input: TWebhookSave,
  meta: TRequestMeta,
): Promise<TWebhookSaveResult> {
  const problem = templateProblem(input.paramsTemplate);
  if (problem) throw badField(lang, 'paramsTemplate', problem);
  if (input.signingMode === 'feishu' && !isObjectTemplate(input.paramsTemplate)) {
    throw badField(lang, 'paramsTemplate', 'webhookTemplate');
  }
  const given = input.signingSecret ? input.signingSecret : undefined;
  if (given !== undefined && signingSecretProblem(input.signingMode, given)) {
    throw badField(lang, 'signingSecret', 'webhookSigningSecret');
  }
  const fields: TWebhookFields = {
    name: input.name,
    description: input.description,
    url: input.url,
    channel: input.channel,
    paramsTemplate: input.paramsTemplate,
    successKey: input.successKey,
    successValue: input.successValue,
    isEnabled: input.isEnabled,
    signingMode: input.signingMode,
  };
  const now = deps.clock.now();
  try {
    const saved = await deps.db.transaction(async (tx) => {
      const current = input.id ? await findWebhook(tx, auth.accountId, input.id, true) : null;
      if (input.id && !current) throw new AppError(ErrorCode.forbidden);
      if (await nameTaken(tx, auth.accountId, fields.name, current?.id ?? null)) {
        throw badField(lang, 'name', 'webhookNameTaken');
      }
      const change = secretChange(lang, input, given, current);
      const details = {
        name: fields.name,
        host: hostOf(fields.url),
        channel: fields.channel,
        successKey: fields.successKey,
        isEnabled: fields.isEnabled,
        signingMode: fields.signingMode,
        // Whether the secret was set and how; never the secret.
        ...(change.kind === 'set' ? { signing: change.isGenerated ? 'secret generated' : 'secret set' } : {}),
        ...(change.kind === 'clear' ? { signing: 'secret removed' } : {}),
      };
      const id = current ? current.id : await insertWebhook(tx, auth.accountId, fields, now);
      if (current) await updateWebhook(tx, auth.accountId, current.id, fields, now);
      if (change.kind !== 'keep') {
        const sealed = change.kind === 'set' ? deps.secrets.seal(change.secret) : null;
        await setSigningSecret(tx, auth.accountId, id, sealed, now);
      }
      if (current) {
        const changed: string[] = (Object.keys(fields) as (keyof TWebhookFields)[]).filter(
          (k) => fields[k] !== current[k],
        );
        if (change.kind !== 'keep') changed.push('signingSecret');
        await writeAudit(
          tx,
          audit(
            auth,
            meta,
            now,
            'webhook.update',
            { id, name: fields.name },
            {
              ...details,
              changed,
              ...(current.name !== fields.name ? { previousName: current.name } : {}),
            },
          ),
        );
      } else {
        await writeAudit(tx, audit(auth, meta, now, 'webhook.create', { id, name: fields.name }, details));
      }
      return { id, newSigningSecret: change.kind === 'set' && change.isGenerated ? change.secret : null };
    });
    const view = webhookView((await findWebhook(deps.db, auth.accountId, saved.id)) as TWebhookRecord);
    return { ...view, newSigningSecret: saved.newSigningSecret };
  } catch (error) {
    // Two saves of one name at once: the unique index decides.
    if (isUniqueViolation(error, 'webhooks_account_name_key'))
      throw badField(lang, 'name', 'webhookNameTaken');
    throw error;
  }
}

/**
 * A new Standard Webhooks secret for the webhook, answered this once; the previous one stops
 * signing at once. DingTalk and Feishu secrets come from the robot's settings (4140).
 */
export async function rotateWebhookSecret(
  deps: TDeps,
  auth: TAuth,
  id: number,
  meta: TRequestMeta,
): Promise<TWebhookSecretRotation> {
  const now = deps.clock.now();
  const secret = generateStandardSecret();
  await deps.db.transaction(async (tx) => {
    const current = await findWebhook(tx, auth.accountId, id, true);
    if (!current) throw new AppError(ErrorCode.forbidden);
    if (current.signingMode !== 'standard') throw new AppError(ErrorCode.webhookSecretNotRotatable);
    await setSigningSecret(tx, auth.accountId, id, deps.secrets.seal(secret), now);
    await writeAudit(
      tx,
      audit(auth, meta, now, 'webhook.rotateSecret', current, {
        name: current.name,
        host: hostOf(current.url),
        signingMode: current.signingMode,
        signing: current.hasSigningSecret ? 'secret rotated' : 'secret generated',
      }),
    );
  });
  const view = webhookView((await findWebhook(deps.db, auth.accountId, id)) as TWebhookRecord);
  return { ...view, newSigningSecret: secret };
}

export async function deleteWebhook(deps: TDeps, auth: TAuth, id: number, meta: TRequestMeta): Promise<null> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const webhook = await findWebhook(tx, auth.accountId, id, true);
    if (!webhook) throw new AppError(ErrorCode.forbidden);
    await deleteWebhookRow(tx, auth.accountId, id, now);
    await writeAudit(
      tx,
      audit(auth, meta, now, 'webhook.delete', webhook, { name: webhook.name, host: hostOf(webhook.url) }),
    );
  });
  return null;
}

/**
 * Sends a test message now (in the request's language) and records it as a delivery settled by
 * this one attempt: success, or failed with 4072 and the result. A test is not retried (the
 * administrator sees its result and sends another); its queued attempt only covers a server that
 * dies between sending and recording.
 */
export async function testWebhook(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  id: number,
  meta: TRequestMeta,
): Promise<TWebhookTestResult> {
  const webhook = await requireWebhook(deps, auth.accountId, id);
  const phrases = serverPhrases[lang].mail;
  const message = interpolate(phrases.billing.webhookTest, {
    brand: phrases.brand,
    name: webhook.name,
    account: (await accountDisplayName(deps.db, auth.accountId)) ?? '',
  });
  // The delivery, with its id, is kept before the attempt, and its retry is queued with it: a
  // server that dies after sending still has the delivery resent, under the same webhook-id.
  const queuedAt = deps.clock.now();
  const pending = await deps.db.transaction(async (tx) => {
    const current = await findWebhook(tx, auth.accountId, id, true);
    if (!current) throw new AppError(ErrorCode.forbidden);
    const row = await insertDelivery(tx, {
      webhookId: webhook.id,
      accountId: auth.accountId,
      kind: 'test',
      messageId: newMessageId(),
      message,
      now: queuedAt,
    });
    await enqueueDelivery(tx, row.id, new Date(queuedAt.getTime() + webhookRetryDelayMs(deps, 1)));
    return row;
  });
  const signing = (await findSigningSecret(deps.db, auth.accountId, id)) ?? {
    mode: 'none' as const,
    sealedSecret: null,
  };
  const outcome = await sendWebhook({ ...webhook, signing: openSigning(deps.secrets, signing) }, message, {
    attempt: { messageId: pending.messageId, time: deps.clock.now() },
    timeoutMs: deps.config.alerts.webhookTimeoutMs,
    allowPrivate: deps.config.alerts.webhookAllowPrivate,
    allowHosts: deps.config.outbound.allowHosts,
  });
  const now = deps.clock.now();
  const delivery = await deps.db.transaction(async (tx) => {
    const current = await findWebhook(tx, auth.accountId, id, true);
    if (!current) throw new AppError(ErrorCode.forbidden);
    const isRecorded = await recordAttempt(tx, pending.id, 0, {
      status: outcome.isSuccess ? 'success' : 'failed',
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      now,
    });
    // Settled now: the queued attempt is not needed.
    if (isRecorded) await cancelDelivery(tx, pending.id);
    await writeAudit(
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
          deliveryId: pending.id,
          signingMode: current.signingMode,
          responseStatus: outcome.responseStatus,
          ...(outcome.error ? { error: outcome.error } : {}),
        },
        outcome.isSuccess,
      ),
    );
    return (await findDelivery(tx, pending.id)) as TDeliveryRecord;
  });
  const result = ZWebhookTestResult.parse({
    isSuccess: outcome.isSuccess,
    responseStatus: outcome.responseStatus,
    error: outcome.error,
    delivery: deliveryView(delivery),
  });
  if (!outcome.isSuccess) {
    // No (good) answer: which host, and why; an answer that did not say success: the spec's words.
    throw new AppError(ErrorCode.webhookSendFailed, {
      data: result,
      ...(outcome.failure
        ? {
            messageKey: 'webhookSendFailedBecause',
            params: { detail: outboundFailurePhrase(outcome.failure) },
          }
        : {}),
    });
  }
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

/** Which of these ids are webhooks of the account (the alert settings may name only those). */
export function accountWebhookIds(db: TDb, accountId: number, ids: readonly number[]): Promise<number[]> {
  return webhookIdsOf(db, accountId, ids);
}

/**
 * Queues an alert's delivery to each enabled webhook of the account among `webhookIds`, in the
 * caller's transaction; answers how many. The delivery's id is kept before its first attempt:
 * every attempt, a resend after a crash included, carries the same webhook-id.
 */
export async function queueAlertDeliveries(
  tx: TDb,
  accountId: number,
  webhookIds: readonly number[],
  message: string,
  now: Date,
): Promise<number> {
  const ids = await enabledWebhookIds(tx, accountId, webhookIds);
  for (const webhookId of ids) {
    const delivery = await insertDelivery(tx, {
      webhookId,
      accountId,
      kind: 'alert',
      messageId: newMessageId(),
      message,
      now,
    });
    await enqueueDelivery(tx, delivery.id, now);
  }
  return ids.length;
}

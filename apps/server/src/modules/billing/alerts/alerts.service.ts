/**
 * Balance alert settings (spec sections 3 and 9): what `/alert/get` shows (the defaults until the
 * account saves its own: low balance under 50 yuan, smart alerts at 7, 5, 3 and 1 days, e-mail to
 * the administrators) and `/alert/update`. Recipients must be regular users of the account that
 * are not deleted, webhooks the account's own, and the webhook method needs a webhook. Saving is
 * audited (`alert.update`) and queues an evaluation, so a new threshold applies at once.
 */
import type { TAlertConfig, TLanguage, ZAlertUpdateRequest } from '@console/contract';
import {
  AlertMethods,
  BillingLimits,
  fenToYuan,
  type TAlertMethod,
  yuanToFen,
} from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import type { z } from 'zod';
import type { TAuth, TDeps, TRequestMeta } from '../../../context';
import type { TDb } from '../../../db/client';
import { AppError } from '../../../errors';
import { translateValidation } from '../../../i18n';
import { writeAudit } from '../../audit';
import { accountWebhookIds } from '../webhooks/webhooks.service';
import { enqueueAlertCheck } from './alerts.queue';
import {
  accountNameOf,
  administratorIds,
  findAlertConfig,
  recipientIdsOf,
  recipientRows,
  saveAlertConfig,
  type TAlertConfigRow,
} from './alerts.repository';

export type TAlertSettings = {
  isSaved: boolean;
  isLowBalanceEnabled: boolean;
  lowBalanceFen: number;
  isSmartEnabled: boolean;
  smartDays: number[];
  /** Saved recipients, or (defaults) the account's administrators. */
  recipientUserIds: number[];
  methods: TAlertMethod[];
  webhookIds: number[];
  updatedAt: Date | null;
};

const isAlertMethod = (m: string): m is TAlertMethod => (AlertMethods as readonly string[]).includes(m);

/** The settings an account saved. */
export function settingsOf(row: TAlertConfigRow): TAlertSettings {
  return {
    isSaved: true,
    isLowBalanceEnabled: row.isLowBalanceEnabled,
    lowBalanceFen: row.lowBalanceFen,
    isSmartEnabled: row.isSmartEnabled,
    smartDays: (row.smartDays ?? [...BillingLimits.smartAlertDays]).map(Number),
    recipientUserIds: (row.recipientUserIds ?? []).map(Number),
    methods: (row.methods ?? ['email']).filter(isAlertMethod),
    webhookIds: (row.webhookIds ?? []).map(Number),
    updatedAt: row.updatedAt,
  };
}

/**
 * The saved configuration, or the defaults (low balance under 50 yuan, smart alerts at 7, 5, 3
 * and 1 days, e-mail to the account's administrators).
 */
export async function readAlertSettings(db: TDb, accountId: number): Promise<TAlertSettings> {
  const row = await findAlertConfig(db, accountId);
  if (row) return settingsOf(row);
  return {
    isSaved: false,
    isLowBalanceEnabled: true,
    lowBalanceFen: BillingLimits.lowBalanceDefaultFen,
    isSmartEnabled: true,
    smartDays: [...BillingLimits.smartAlertDays],
    recipientUserIds: await administratorIds(db, accountId),
    methods: ['email'],
    webhookIds: [],
    updatedAt: null,
  };
}

export type TRecipient = { id: number; email: string | null; phone: string | null };

/** Contacts of the recipients that can still receive alerts (regular, enabled, not deleted). */
export async function recipientContacts(
  db: TDb,
  accountId: number,
  ids: readonly number[],
): Promise<TRecipient[]> {
  const rows = await recipientRows(db, accountId, ids);
  return rows.map((r) => ({
    id: r.id,
    email: r.email ? r.email.toLowerCase() : null,
    phone: r.phone ? `+${r.phoneCode} ${r.phone}` : null,
  }));
}

type TAlertUpdate = z.output<typeof ZAlertUpdateRequest>;

function view(s: TAlertSettings): TAlertConfig {
  return {
    isLowBalanceEnabled: s.isLowBalanceEnabled,
    lowBalanceAmount: fenToYuan(s.lowBalanceFen),
    isSmartEnabled: s.isSmartEnabled,
    smartDays: s.smartDays,
    recipientUserIds: s.recipientUserIds,
    methods: s.methods,
    webhookIds: s.webhookIds,
    updateTime: s.updatedAt ? s.updatedAt.toISOString() : null,
  };
}

export async function getAlertConfig(deps: TDeps, auth: TAuth): Promise<TAlertConfig> {
  return view(await readAlertSettings(deps.db, auth.accountId));
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

export async function updateAlertConfig(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  input: TAlertUpdate,
  meta: TRequestMeta,
): Promise<TAlertConfig> {
  const recipientUserIds = unique(input.recipientUserIds);
  const webhookIds = unique(input.webhookIds);
  const methods = [...new Set(input.methods)];
  const lowBalanceFen = yuanToFen(input.lowBalanceAmount) as number;
  const now = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    const fieldErrors: Record<string, string> = {};
    const validRecipients = await recipientIdsOf(tx, auth.accountId, recipientUserIds);
    const isMessaged = methods.includes('email') || methods.includes('sms');
    if (validRecipients.length !== recipientUserIds.length || (isMessaged && recipientUserIds.length === 0)) {
      fieldErrors.recipientUserIds = translateValidation(lang, 'alertRecipients');
    }
    const validWebhooks = await accountWebhookIds(tx, auth.accountId, webhookIds);
    if (
      validWebhooks.length !== webhookIds.length ||
      (methods.includes('webhook') && webhookIds.length === 0)
    ) {
      fieldErrors.webhookIds = translateValidation(lang, 'alertWebhooks');
    }
    if (methods.length === 0 && (input.isLowBalanceEnabled || input.isSmartEnabled)) {
      fieldErrors.methods = translateValidation(lang, 'required');
    }
    if (Object.keys(fieldErrors).length > 0)
      throw new AppError(ErrorCode.badRequest, { data: { fieldErrors } });
    const previous = await readAlertSettings(tx, auth.accountId);
    const next = {
      isLowBalanceEnabled: input.isLowBalanceEnabled,
      lowBalanceFen,
      isSmartEnabled: input.isSmartEnabled,
      smartDays: previous.smartDays,
      recipientUserIds,
      methods,
      webhookIds,
    };
    await saveAlertConfig(tx, auth.accountId, next, auth.userId, now);
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'alert.update',
      objectType: 'account',
      objectId: String(auth.accountId),
      objectName: await accountNameOf(tx, auth.accountId),
      isSuccess: true,
      info: {
        isLowBalanceEnabled: next.isLowBalanceEnabled,
        lowBalanceAmount: fenToYuan(lowBalanceFen),
        isSmartEnabled: next.isSmartEnabled,
        recipientUserIds,
        methods,
        webhookIds,
        ...(previous.isSaved
          ? {
              previous: {
                isLowBalanceEnabled: previous.isLowBalanceEnabled,
                lowBalanceAmount: fenToYuan(previous.lowBalanceFen),
                isSmartEnabled: previous.isSmartEnabled,
                recipientUserIds: previous.recipientUserIds,
                methods: previous.methods,
                webhookIds: previous.webhookIds,
              },
            }
          : {}),
      },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
    await enqueueAlertCheck(tx, auth.accountId, now);
    return readAlertSettings(tx, auth.accountId);
  });
  return view(saved);
}

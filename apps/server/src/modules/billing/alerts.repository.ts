/**
 * Balance alerts (SQL only): the account's configuration, or the defaults when none was saved
 * (low balance under 50 yuan, smart alerts at 7, 5, 3 and 1 days, e-mail to the account's
 * administrators); the figures an evaluation needs; and the state of each alert kind, which makes
 * an alert go out once per crossing.
 */
import type { TAlertMethod } from '@console/contract/billing-enums';
import { BillingLimits } from '@console/contract/billing-enums';
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';

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

function jsonOf<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function list(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/** Regular users of the account holding the administrator role, not deleted, enabled. */
export async function administratorIds(db: TDb, accountId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select u.id from users u
       where u.account_id = ${accountId} and u.kind = 'regular' and u.deleted_at is null and u.is_enabled
         and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                      where ur.user_id = u.id and r.code = 'account_admin')
       order by u.id`),
  );
  return rows.map((r) => Number(r.id));
}

type TConfigRow = {
  is_low_balance_enabled: boolean;
  low_balance_fen: number | string;
  is_smart_enabled: boolean;
  smart_days: unknown;
  recipient_user_ids: unknown;
  methods: unknown;
  webhook_ids: unknown;
  updated_at: Date | string;
};

function settingsOf(row: TConfigRow): TAlertSettings {
  return {
    isSaved: true,
    isLowBalanceEnabled: row.is_low_balance_enabled,
    lowBalanceFen: Number(row.low_balance_fen),
    isSmartEnabled: row.is_smart_enabled,
    smartDays: jsonOf<number[]>(row.smart_days, [...BillingLimits.smartAlertDays]).map(Number),
    recipientUserIds: jsonOf<number[]>(row.recipient_user_ids, []).map(Number),
    methods: jsonOf<TAlertMethod[]>(row.methods, ['email']),
    webhookIds: jsonOf<number[]>(row.webhook_ids, []).map(Number),
    updatedAt: new Date(row.updated_at),
  };
}

/** The saved configuration, or the defaults with the administrators as recipients. */
export async function readAlertSettings(db: TDb, accountId: number): Promise<TAlertSettings> {
  const row = rowsOf<TConfigRow>(
    await db.execute(sql`
      select is_low_balance_enabled, low_balance_fen, is_smart_enabled, smart_days, recipient_user_ids, methods,
             webhook_ids, updated_at
        from alert_configs where account_id = ${accountId}`),
  )[0];
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

export async function saveAlertSettings(
  db: TDb,
  accountId: number,
  s: Omit<TAlertSettings, 'isSaved' | 'updatedAt'>,
  userId: number | null,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into alert_configs (account_id, is_low_balance_enabled, low_balance_fen, is_smart_enabled, smart_days,
                               recipient_user_ids, methods, webhook_ids, updated_at, updated_by)
    values (${accountId}, ${s.isLowBalanceEnabled}, ${s.lowBalanceFen}, ${s.isSmartEnabled},
            ${JSON.stringify(s.smartDays)}::jsonb, ${JSON.stringify(s.recipientUserIds)}::jsonb,
            ${JSON.stringify(s.methods)}::jsonb, ${JSON.stringify(s.webhookIds)}::jsonb, ${now}, ${userId})
    on conflict (account_id) do update
       set is_low_balance_enabled = excluded.is_low_balance_enabled, low_balance_fen = excluded.low_balance_fen,
           is_smart_enabled = excluded.is_smart_enabled, smart_days = excluded.smart_days,
           recipient_user_ids = excluded.recipient_user_ids, methods = excluded.methods,
           webhook_ids = excluded.webhook_ids, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

/** Which of these ids are regular users of the account that are not deleted. */
export async function recipientIdsOf(db: TDb, accountId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from users
       where account_id = ${accountId} and kind = 'regular' and deleted_at is null and id = any(${list(ids)}::bigint[])`),
  );
  return rows.map((r) => Number(r.id));
}

export type TRecipient = { id: number; email: string | null; phone: string | null };

/** Contacts of the recipients that can still receive alerts (regular, enabled, not deleted). */
export async function recipientContacts(
  db: TDb,
  accountId: number,
  ids: readonly number[],
): Promise<TRecipient[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: number; email: string | null; phone: string | null; phone_code: string }>(
    await db.execute(sql`
      select id, email, phone, phone_code from users
       where account_id = ${accountId} and kind = 'regular' and deleted_at is null and is_enabled
         and id = any(${list(ids)}::bigint[])
       order by id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email ? r.email.toLowerCase() : null,
    phone: r.phone ? `+${r.phone_code} ${r.phone}` : null,
  }));
}

/** Enabled webhooks of the account among these ids. */
export async function enabledWebhookIds(
  db: TDb,
  accountId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from webhooks where account_id = ${accountId} and is_enabled and id = any(${list(ids)}::bigint[])
       order by id`),
  );
  return rows.map((r) => Number(r.id));
}

// ---------------------------------------------------------------------------------------------
// evaluation

/** What decides an account's alerts at one moment. */
export type TAlertFacts = {
  accountId: number;
  accountName: string;
  displayName: string;
  /** Not deleted, and billed. */
  isBillable: boolean;
  cashFen: number;
  outstandingFen: number;
  /** Available amount of the vouchers in effect. */
  voucherFen: number;
  /** Discounted spend of the last 7 full billing days. */
  spentFen: number;
  settings: TAlertSettings | null;
  /** Kinds whose state is active now. */
  activeKinds: string[];
};

/**
 * The facts of these accounts at `now`: funds, vouchers in effect, the spend of the billing days
 * [`fromDay`, `toDay`), the saved configuration (null: defaults) and the active alert kinds.
 */
export async function alertFacts(
  db: TDb,
  accountIds: readonly number[],
  now: Date,
  fromDay: string,
  toDay: string,
): Promise<TAlertFacts[]> {
  if (accountIds.length === 0) return [];
  const rows = rowsOf<
    Partial<TConfigRow> & {
      id: number;
      name: string;
      display_name: string;
      is_billable: boolean;
      cash_fen: number | string;
      outstanding_fen: number | string;
      voucher_fen: number | string;
      spent_fen: number | string;
      has_config: boolean;
      active_kinds: unknown;
    }
  >(
    await db.execute(sql`
      select a.id, a.name, a.display_name, (a.status <> 2 and a.billing_enabled) as is_billable,
             coalesce(f.cash_fen, 0) as cash_fen, coalesce(f.outstanding_fen, 0) as outstanding_fen,
             coalesce((select sum(v.available_fen) from vouchers v
                        where v.account_id = a.id and v.voided_at is null
                          and v.effective_at <= ${now} and v.expires_at > ${now}), 0) as voucher_fen,
             coalesce((select sum(d.discounted_fen) from usage_daily d
                        where d.account_id = a.id and d.day >= ${fromDay}::date and d.day < ${toDay}::date), 0)
               as spent_fen,
             c.account_id is not null as has_config, c.is_low_balance_enabled, c.low_balance_fen, c.is_smart_enabled,
             c.smart_days, c.recipient_user_ids, c.methods, c.webhook_ids, c.updated_at,
             coalesce((select jsonb_agg(s.kind) from alert_states s where s.account_id = a.id and s.is_active),
                      '[]'::jsonb) as active_kinds
        from accounts a
        left join funds f on f.account_id = a.id
        left join alert_configs c on c.account_id = a.id
       where a.id = any(${list(accountIds)}::bigint[])
       order by a.id`),
  );
  return rows.map((r) => ({
    accountId: Number(r.id),
    accountName: r.name,
    displayName: r.display_name,
    isBillable: r.is_billable,
    cashFen: Number(r.cash_fen),
    outstandingFen: Number(r.outstanding_fen),
    voucherFen: Number(r.voucher_fen),
    spentFen: Number(r.spent_fen),
    settings: r.has_config ? settingsOf(r as TConfigRow) : null,
    activeKinds: jsonOf<string[]>(r.active_kinds, []),
  }));
}

/**
 * Locks the account's alert states (created inactive when missing) until the transaction ends:
 * evaluations of one account run one after the other. Answers the kinds active now.
 */
export async function lockAlertStates(
  db: TDb,
  accountId: number,
  kinds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  await db.execute(sql`
    insert into alert_states (account_id, kind, is_active, changed_at)
    select ${accountId}, k, false, ${now} from unnest(${`{${kinds.join(',')}}`}::text[]) k
    on conflict (account_id, kind) do nothing`);
  const rows = rowsOf<{ kind: string; is_active: boolean }>(
    await db.execute(sql`
      select kind, is_active from alert_states where account_id = ${accountId} order by kind for update`),
  );
  return new Set(rows.filter((r) => r.is_active).map((r) => r.kind));
}

export async function setAlertState(
  db: TDb,
  accountId: number,
  kind: string,
  isActive: boolean,
  isFired: boolean,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update alert_states
       set is_active = ${isActive}, changed_at = ${now},
           fired_at = case when ${isFired} then ${now}::timestamptz else fired_at end
     where account_id = ${accountId} and kind = ${kind}`);
}

/** Accounts the sweep checks (with funds or an alert configuration), after `afterId`, in id order. */
export async function accountsToSweep(db: TDb, afterId: number, limit: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select a.id from accounts a
       where a.id > ${afterId} and a.status <> 2 and a.billing_enabled
         and (exists (select 1 from funds f where f.account_id = a.id)
              or exists (select 1 from alert_configs c where c.account_id = a.id))
       order by a.id limit ${limit}`),
  );
  return rows.map((r) => Number(r.id));
}

export async function accountNameOf(db: TDb, accountId: number): Promise<string | null> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select name from accounts where id = ${accountId}`),
  );
  return rows[0]?.name ?? null;
}

/**
 * The back office's view of accounts (issue 40, item 2): the search a support person types into
 * (an id, a name, a company, a credit code, a user's phone, e-mail or username), and an account's
 * page in one call, complete enough that nobody needs to sign in as the customer (decision 0051).
 */
import type { TAuditPage } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { AccountType } from '@console/contract/enums';
import {
  OpsAccountEditions,
  OpsAccountStatuses,
  opsAccountSearchPageSize,
  opsAccountSearchPages,
  type TOpsAccountMatch,
  type TOpsAccountPage,
  type TOpsAccountSearch,
  type TOpsAccountStatus,
  type TOpsAccountSummary,
} from '@console/contract/ops';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { loginAddressOf, remainingTrialDays, trialPeriodDays } from '../account/account.service';
import { listAudit } from '../audit';
import {
  accountInstances,
  accountUsers,
  findAccounts,
  fundsOf,
  latestCertifications,
  recentTopUps,
  recentVouchers,
  searchSources,
  type TAccountFacts,
} from './ops-accounts.repository';

const dayMs = 86_400_000;
/** Rows each source of the search reads at most: the search shows at most 10 pages of 20. */
const perSource = opsAccountSearchPageSize * opsAccountSearchPages + 1;

export function statusOf(status: number): TOpsAccountStatus {
  return OpsAccountStatuses[status] ?? 'normal';
}
export function editionOf(type: number) {
  return OpsAccountEditions[type] ?? 'trial';
}

type TCertification = Awaited<ReturnType<typeof latestCertifications>>[number];

function verificationOf(c: TCertification | undefined): TOpsAccountPage['verification'] {
  if (!c) {
    return { state: 'none', type: null, companyName: null, creditCode: null, manualReview: false, at: null };
  }
  return {
    state: c.status,
    type: c.type,
    companyName: c.companyName,
    creditCode: c.creditCode,
    manualReview: c.manualReview,
    at: (c.decidedAt ?? c.createdAt).toISOString(),
  };
}

type THit = { accountId: number; matchedBy: TOpsAccountMatch; matchedValue: string; rank: number };

function includes(value: string | null | undefined, text: string): value is string {
  return Boolean(value?.toLowerCase().includes(text));
}

/** The account's best match (the lowest rank), each found by one of the sources. */
function hitsOf(found: Awaited<ReturnType<typeof searchSources>>, text: string): THit[] {
  const lower = text.toLowerCase();
  const hits: THit[] = [];
  for (const a of found.byId)
    hits.push({ accountId: a.accountId, matchedBy: 'id', matchedValue: String(a.accountId), rank: 0 });
  for (const a of found.byText) {
    const exact = a.name.toLowerCase() === lower || a.displayName.toLowerCase() === lower;
    const [matchedBy, matchedValue]: [TOpsAccountMatch, string] = includes(a.name, lower)
      ? ['name', a.name]
      : includes(a.displayName, lower)
        ? ['displayName', a.displayName]
        : includes(a.companyName, lower)
          ? ['company', a.companyName]
          : includes(a.registrationPhone, lower)
            ? ['phone', a.registrationPhone]
            : ['email', a.registrationEmail ?? ''];
    hits.push({ accountId: a.accountId, matchedBy, matchedValue, rank: exact ? 1 : 2 });
  }
  for (const c of found.byCertification) {
    const byCode = includes(c.creditCode, lower);
    hits.push({
      accountId: c.accountId,
      matchedBy: byCode ? 'creditCode' : 'company',
      matchedValue: (byCode ? c.creditCode : c.companyName) ?? '',
      rank: 3,
    });
  }
  for (const u of found.byUser) {
    const [matchedBy, matchedValue]: [TOpsAccountMatch, string] = includes(u.phone, lower)
      ? ['phone', u.phone]
      : includes(u.email, lower)
        ? ['email', u.email]
        : ['username', includes(u.username, lower) ? u.username : `${u.username} (${u.displayName})`];
    hits.push({ accountId: u.accountId, matchedBy, matchedValue, rank: 4 });
  }
  const best = new Map<number, THit>();
  for (const hit of hits) {
    const known = best.get(hit.accountId);
    if (!known || hit.rank < known.rank) best.set(hit.accountId, hit);
  }
  return [...best.values()].sort((a, b) => a.rank - b.rank || b.accountId - a.accountId);
}

function trialOf(account: TAccountFacts, now: Date) {
  return remainingTrialDays(account, now);
}

export async function searchAccounts(
  deps: TDeps,
  input: { q: string; page: number },
): Promise<TOpsAccountSearch> {
  const text = input.q.trim();
  const found = await searchSources(deps.readDb, { text, perSource });
  const hits = hitsOf(found, text);
  const from = (input.page - 1) * opsAccountSearchPageSize;
  const page = hits.slice(from, from + opsAccountSearchPageSize);
  const ids = page.map((h) => h.accountId);
  const [rows, certs] = await Promise.all([
    findAccounts(deps.readDb, ids),
    latestCertifications(deps.readDb, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const certOf = new Map(certs.map((c) => [c.accountId, c]));
  const now = deps.clock.now();
  const list: TOpsAccountSummary[] = [];
  for (const hit of page) {
    const a = byId.get(hit.accountId);
    if (!a) continue;
    list.push({
      id: a.id,
      name: a.name,
      displayName: a.displayName,
      companyName: a.companyName ?? certOf.get(a.id)?.companyName ?? null,
      status: statusOf(a.status),
      edition: editionOf(a.type),
      trialDaysLeft: trialOf(a, now),
      verification: certOf.get(a.id)?.status ?? 'none',
      createdAt: a.createdAt.toISOString(),
      matchedBy: hit.matchedBy,
      matchedValue: hit.matchedValue,
    });
  }
  return {
    list,
    page: input.page,
    hasMore: hits.length > from + opsAccountSearchPageSize && input.page < opsAccountSearchPages,
  };
}

export async function requireAccountFacts(deps: TDeps, accountId: number): Promise<TAccountFacts> {
  const [account] = await findAccounts(deps.db, [accountId]);
  if (!account) throw new AppError(ErrorCode.opsAccountNotFound);
  return account;
}

const instanceStates = {
  '-1': 'closed',
  '0': 'opening',
  '1': 'opened',
  '2': 'openFailed',
  '3': 'hidden',
} as const;

function voucherState(
  v: { voidedAt: Date | null; effectiveAt: Date; expiresAt: Date; availableFen: number },
  now: Date,
) {
  if (v.voidedAt) return 'voided' as const;
  if (v.effectiveAt > now) return 'pending' as const;
  if (v.expiresAt <= now) return 'expired' as const;
  return v.availableFen > 0 ? ('usable' as const) : ('used' as const);
}

/** Everything of an account a support person needs, in one call (its parts read side by side). */
export async function getAccountPage(deps: TDeps, accountId: number): Promise<TOpsAccountPage> {
  const db = deps.readDb;
  const account = await requireAccountFacts(deps, accountId);
  const now = deps.clock.now();
  const [certs, money, voucherRows, instanceRows, userRows, topUps] = await Promise.all([
    latestCertifications(db, [accountId]),
    fundsOf(db, accountId, now),
    recentVouchers(db, accountId, 20),
    accountInstances(db, accountId, 50),
    accountUsers(db, accountId, 100),
    recentTopUps(db, accountId, 10),
  ]);
  const currency = deps.config.edition === 'international' ? ('USD' as const) : ('CNY' as const);
  const money$ = (fen: number) => ({ fen, currency });
  const isTrial = account.type === AccountType.trial;
  return {
    account: {
      id: account.id,
      name: account.name,
      displayName: account.displayName,
      companyName: account.companyName,
      status: statusOf(account.status),
      edition: editionOf(account.type),
      trialDaysLeft: trialOf(account, now),
      trialEndsAt: isTrial
        ? new Date(account.createdAt.getTime() + trialPeriodDays(account) * dayMs).toISOString()
        : null,
      trialExtensionDays: account.trialExtensionDays,
      formalApplicationSubmitted: account.formalApplicationSubmitted,
      mfaRequired: account.mfaRequired,
      registrationPhone: account.registrationPhone,
      registrationEmail: account.registrationEmail,
      servicesPausedAt: account.servicesPausedAt?.toISOString() ?? null,
      createdAt: account.createdAt.toISOString(),
      loginAddress: loginAddressOf(deps.config, account.name),
    },
    verification: verificationOf(certs[0]),
    funds: {
      cash: money$(money.cashFen),
      arrears: money$(money.outstandingFen),
      arrearsSince: money.arrearsSince?.toISOString() ?? null,
      vouchers: money$(money.voucherFen),
      voucherCount: money.voucherCount,
    },
    vouchers: voucherRows.map((v) => ({
      id: v.id,
      code: v.code,
      nameZh: v.nameZh,
      nameEn: v.nameEn,
      face: money$(v.faceFen),
      available: money$(v.availableFen),
      expiresAt: v.expiresAt.toISOString(),
      state: voucherState(v, now),
    })),
    instances: instanceRows.map((i) => ({
      id: i.id,
      instanceName: i.instanceName,
      serviceZh: i.serviceZh,
      serviceEn: i.serviceEn,
      regionZh: i.regionZh,
      regionEn: i.regionEn,
      status: instanceStates[String(i.status) as keyof typeof instanceStates] ?? 'hidden',
      createdAt: i.createdAt.toISOString(),
    })),
    users: userRows.rows.map((u) => ({
      id: u.id,
      username: u.username,
      displayName: u.displayName,
      kind: u.kind,
      isAdmin: Boolean(u.isAdmin),
      isEnabled: u.isEnabled,
      isDeleted: u.deletedAt !== null,
      phone: u.phone ? (u.phoneCode === '86' ? u.phone : `+${u.phoneCode} ${u.phone}`) : null,
      email: u.email,
      mfaEnabled: u.mfaEnabled,
      mfaMethod: u.mfaMethod,
      hasAuthenticator: Boolean(u.hasTotp),
      passkeys: Number(u.passkeys),
      lastSignInAt: u.lastLoginAt?.toISOString() ?? null,
    })),
    usersTotal: userRows.total,
    topUps: topUps.map((r) => ({
      id: r.id,
      channel: r.channel,
      amount: money$(r.amountFen),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
    })),
  };
}

/** The account's own audit chain, as its administrators read it (the audit module's list). */
export async function getAccountAudit(
  deps: TDeps,
  input: { accountId: number; pageSize: number; cursor?: string | undefined },
): Promise<TAuditPage> {
  await requireAccountFacts(deps, input.accountId);
  return listAudit(deps, { accountId: input.accountId }, { pageSize: input.pageSize, cursor: input.cursor });
}

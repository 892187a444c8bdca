/**
 * The back office's reading of accounts (issue 40, item 2): the search across accounts, their
 * enterprise verifications and their users, and the facts of one account's page. Reads only: every
 * change goes through the owning module's service.
 */

import { Patterns } from '@console/contract/patterns';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  accounts,
  certifications,
  funds,
  instances,
  passkeys,
  recharges,
  regions,
  roles,
  services,
  userRoles,
  users,
  vouchers,
} from '../../db/schema';

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The text the accounts' trigram index covers (same expression as `accounts_ops_search_trgm_idx`). */
const accountText = sql`lower(${accounts.name} || ' ' || ${accounts.displayName} || ' ' || coalesce(${accounts.companyName}, '') || ' ' || coalesce(${accounts.registrationPhone}, '') || ' ' || coalesce(${accounts.registrationEmail}, ''))`;
/** Same expression as `certifications_ops_search_trgm_idx`. */
const certificationText = sql`lower(coalesce(${certifications.companyName}, '') || ' ' || coalesce(${certifications.creditCode}, ''))`;
/** Same expression as the user list's `users_search_trgm_idx`. */
const userText = sql`lower(${users.username} || ' ' || ${users.displayName} || ' ' || coalesce(${users.phone}, '') || ' ' || coalesce(${users.email}, ''))`;

/**
 * What matches `text` in each source, each read through its trigram index (migration 0024, and
 * the user list's) and capped at `perSource` rows, so that a text matching nearly everything costs
 * what a narrow one does: accounts (by id, names, company, registration phone or e-mail), their
 * verifications (company, credit code), and users (phone, e-mail, username, display name).
 */
export async function searchSources(db: TDb, input: { text: string; perSource: number }) {
  const lower = input.text.toLowerCase();
  // A whole e-mail address is looked up as it is (btree), not by its many common trigrams.
  if (Patterns.email.test(lower)) {
    const [byText, byUser] = await Promise.all([
      db
        .select(accountColumns)
        .from(accounts)
        .where(eq(accounts.registrationEmail, lower))
        .limit(input.perSource),
      db.select(userColumns).from(users).where(sql`lower(${users.email}) = ${lower}`).limit(input.perSource),
    ]);
    return { byText, byId: [], byCertification: [], byUser };
  }
  const pattern = containing(input.text);
  const asId = /^\d{1,15}$/.test(input.text) ? Number(input.text) : null;
  const [byText, byId, byCertification, byUser] = await Promise.all([
    db
      .select(accountColumns)
      .from(accounts)
      .where(sql`${accountText} like ${pattern}`)
      .limit(input.perSource),
    asId === null
      ? Promise.resolve([])
      : db.select({ accountId: accounts.id }).from(accounts).where(eq(accounts.id, asId)),
    db
      .select({
        accountId: certifications.accountId,
        companyName: certifications.companyName,
        creditCode: certifications.creditCode,
      })
      .from(certifications)
      .where(sql`${certificationText} like ${pattern}`)
      .limit(input.perSource),
    db.select(userColumns).from(users).where(sql`${userText} like ${pattern}`).limit(input.perSource),
  ]);
  return { byText, byId, byCertification, byUser };
}

const accountColumns = {
  accountId: accounts.id,
  name: accounts.name,
  displayName: accounts.displayName,
  companyName: accounts.companyName,
  registrationPhone: accounts.registrationPhone,
  registrationEmail: accounts.registrationEmail,
};
const userColumns = {
  accountId: users.accountId,
  username: users.username,
  displayName: users.displayName,
  phone: users.phone,
  email: users.email,
};

export type TAccountFacts = typeof accounts.$inferSelect;

export async function findAccounts(db: TDb, ids: readonly number[]): Promise<TAccountFacts[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(accounts)
    .where(inArray(accounts.id, [...ids]));
}

/** The latest verification of each account (personal or enterprise). */
export async function latestCertifications(db: TDb, accountIds: readonly number[]) {
  if (accountIds.length === 0) return [];
  return db
    .selectDistinctOn([certifications.accountId], {
      accountId: certifications.accountId,
      type: certifications.type,
      status: certifications.status,
      companyName: certifications.companyName,
      creditCode: certifications.creditCode,
      manualReview: certifications.manualReview,
      createdAt: certifications.createdAt,
      decidedAt: certifications.decidedAt,
    })
    .from(certifications)
    .where(inArray(certifications.accountId, [...accountIds]))
    .orderBy(certifications.accountId, desc(certifications.createdAt), desc(certifications.id));
}

/** Cash, arrears and what the usable vouchers hold. */
export async function fundsOf(db: TDb, accountId: number, now: Date) {
  const [cash] = await db
    .select({
      cashFen: funds.cashFen,
      outstandingFen: funds.outstandingFen,
      arrearsSince: funds.arrearsSince,
    })
    .from(funds)
    .where(eq(funds.accountId, accountId));
  const [usable] = await db
    .select({
      fen: sql<number>`coalesce(sum(${vouchers.availableFen}), 0)::bigint`,
      count: sql<number>`count(*)::int`,
    })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.accountId, accountId),
        isNull(vouchers.voidedAt),
        sql`${vouchers.availableFen} > 0`,
        sql`${vouchers.effectiveAt} <= ${now}`,
        sql`${vouchers.expiresAt} > ${now}`,
      ),
    );
  return {
    cashFen: Number(cash?.cashFen ?? 0),
    outstandingFen: Number(cash?.outstandingFen ?? 0),
    arrearsSince: cash?.arrearsSince ?? null,
    voucherFen: Number(usable?.fen ?? 0),
    voucherCount: Number(usable?.count ?? 0),
  };
}

export async function recentVouchers(db: TDb, accountId: number, limit: number) {
  return db
    .select()
    .from(vouchers)
    .where(eq(vouchers.accountId, accountId))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(limit);
}

export async function accountInstances(db: TDb, accountId: number, limit: number) {
  return db
    .select({
      id: instances.id,
      instanceName: instances.instanceName,
      status: instances.status,
      createdAt: instances.createdAt,
      serviceZh: services.nameZh,
      serviceEn: services.nameEn,
      regionZh: regions.nameZh,
      regionEn: regions.nameEn,
    })
    .from(instances)
    .innerJoin(services, eq(services.id, instances.serviceId))
    .innerJoin(regions, eq(regions.id, instances.regionId))
    .where(eq(instances.accountId, accountId))
    .orderBy(desc(instances.createdAt), desc(instances.id))
    .limit(limit);
}

/** The account's users (administrators first, then by name) with their passkeys and whether they administer. */
export async function accountUsers(db: TDb, accountId: number, limit: number) {
  // Written out qualified: in a select list drizzle names a column without its table.
  const userId = sql.raw('"users"."id"');
  const isAdmin = sql<boolean>`exists (select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
    where ur.user_id = ${userId} and r.account_id = ${accountId} and r.code = 'account_admin')`;
  const passkeyCount = sql<number>`(select count(*)::int from ${passkeys} p where p.user_id = ${userId})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        kind: users.kind,
        isEnabled: users.isEnabled,
        deletedAt: users.deletedAt,
        phone: users.phone,
        phoneCode: users.phoneCode,
        email: users.email,
        mfaEnabled: users.mfaEnabled,
        mfaMethod: users.mfaMethod,
        hasTotp: sql<boolean>`${users.totpSecret} is not null`,
        lastLoginAt: users.lastLoginAt,
        isAdmin,
        passkeys: passkeyCount,
      })
      .from(users)
      .where(eq(users.accountId, accountId))
      .orderBy(desc(isAdmin), sql`${users.deletedAt} is not null`, sql`lower(${users.username})`)
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.accountId, accountId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Where the account's administrators can be told (enabled, not deleted, regular users). */
export async function accountAdministrators(db: TDb, accountId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      phone: users.phone,
      phoneCode: users.phoneCode,
      email: users.email,
    })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.code, 'account_admin')))
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.kind, 'regular'),
        eq(users.isEnabled, true),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(users.id);
}

export async function recentTopUps(db: TDb, accountId: number, limit: number) {
  return db
    .select({
      id: recharges.id,
      channel: recharges.channel,
      amountFen: recharges.amountFen,
      status: recharges.status,
      createdAt: recharges.createdAt,
      paidAt: recharges.paidAt,
    })
    .from(recharges)
    .where(eq(recharges.accountId, accountId))
    .orderBy(desc(recharges.createdAt))
    .limit(limit);
}

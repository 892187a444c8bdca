import { MenuResources, OperationResources, ResourceType, type TRoleCode } from '@console/contract/enums';
import { eq, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, roleResources, roles } from '../../db/schema';

export type TAccountRow = typeof accounts.$inferSelect;

export async function findAccountById(db: TDb, accountId: number): Promise<TAccountRow | null> {
  const rows = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return rows[0] ?? null;
}

/** What each built-in role grants. Members see the workbench and the services. */
const roleGrants: Record<TRoleCode, { name: string; resources: { name: string; type: number }[] }> = {
  account_member: {
    name: 'Account member',
    resources: [
      { name: 'workbench', type: ResourceType.menu },
      { name: 'serviceManage', type: ResourceType.menu },
    ],
  },
  account_admin: {
    name: 'Account administrator',
    resources: [
      ...MenuResources.map((name) => ({ name, type: ResourceType.menu })),
      ...OperationResources.map((name) => ({ name, type: ResourceType.operation })),
    ],
  },
};

/** The account a sign-in name names: its display name first, else its account name (any case). */
export async function findAccountByName(db: TDb, name: string): Promise<TAccountRow | null> {
  const rows = await db
    .select()
    .from(accounts)
    .where(
      or(
        eq(sql`lower(${accounts.displayName})`, name.trim().toLowerCase()),
        eq(sql`lower(${accounts.name})`, name.trim().toLowerCase()),
      ),
    )
    .orderBy(sql`(lower(${accounts.displayName}) = ${name.trim().toLowerCase()}) desc`)
    .limit(1);
  return rows[0] ?? null;
}

export type TNewAccount = {
  name: string;
  displayName: string;
  type: number;
  status?: number;
  companyName?: string | null;
  createdAt?: Date;
  registrationPhone?: string | null;
  registrationEmail?: string | null;
  registrationIp?: string | null;
  registrationKeyHash?: Buffer | null;
  marketplaceCustomerId?: string | null;
  /** AWS Marketplace's ids of the subscription (see the accounts table). */
  marketplaceAwsAccountId?: string | null;
  marketplaceLicenseArn?: string | null;
  marketplaceProductCode?: string | null;
  marketplaceCustomerIdentifier?: string | null;
};

/**
 * Creates an account with its built-in roles: the member role first, then the administrator role,
 * so that the administrator role has the highest id of the account (spec section 3).
 */
export async function createAccountWithRoles(
  db: TDb,
  input: TNewAccount,
): Promise<{ accountId: number; roleIds: Record<TRoleCode, number> }> {
  const [account] = await db
    .insert(accounts)
    .values({
      name: input.name,
      displayName: input.displayName,
      type: input.type,
      status: input.status ?? 0,
      companyName: input.companyName ?? null,
      registrationPhone: input.registrationPhone ?? null,
      registrationEmail: input.registrationEmail ?? null,
      registrationIp: input.registrationIp ?? null,
      registrationKeyHash: input.registrationKeyHash ?? null,
      marketplaceCustomerId: input.marketplaceCustomerId ?? null,
      marketplaceAwsAccountId: input.marketplaceAwsAccountId ?? null,
      marketplaceLicenseArn: input.marketplaceLicenseArn ?? null,
      marketplaceProductCode: input.marketplaceProductCode ?? null,
      marketplaceCustomerIdentifier: input.marketplaceCustomerIdentifier ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account insert returned no row');
  const roleIds = {} as Record<TRoleCode, number>;
  for (const code of ['account_member', 'account_admin'] as const) {
    const grant = roleGrants[code];
    const [role] = await db
      .insert(roles)
      .values({ accountId: account.id, code, name: grant.name })
      .returning({ id: roles.id });
    if (!role) throw new Error('role insert returned no row');
    roleIds[code] = role.id;
    await db
      .insert(roleResources)
      .values(grant.resources.map((r) => ({ roleId: role.id, resourceName: r.name, resourceType: r.type })));
  }
  return { accountId: account.id, roleIds };
}

/** Whether an account is named (account name or display name, any case) or registered with this phone or e-mail. */
export async function findAccountClash(
  db: TDb,
  input: { name: string; phone: string | null; email: string | null },
): Promise<'name' | 'phone' | 'email' | null> {
  const name = input.name.toLowerCase();
  const [row] = await db
    .select({
      isName: sql<boolean>`bool_or(lower(${accounts.name}) = ${name} or lower(${accounts.displayName}) = ${name})`,
      isPhone: sql<boolean>`coalesce(bool_or(${accounts.registrationPhone} = ${input.phone}), false)`,
      isEmail: sql<boolean>`coalesce(bool_or(lower(${accounts.registrationEmail}) = ${input.email}), false)`,
    })
    .from(accounts)
    .where(
      or(
        eq(sql`lower(${accounts.name})`, name),
        eq(sql`lower(${accounts.displayName})`, name),
        input.phone === null ? sql`false` : eq(accounts.registrationPhone, input.phone),
        input.email === null ? sql`false` : eq(sql`lower(${accounts.registrationEmail})`, input.email),
      ),
    );
  if (row?.isName) return 'name';
  if (row?.isPhone) return 'phone';
  if (row?.isEmail) return 'email';
  return null;
}

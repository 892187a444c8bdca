/**
 * The statements of recovery: accounts and usernames by a verified phone or e-mail, and the user
 * of a reset lookup by its names.
 */
import { and, desc, eq, exists, isNull, ne, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accounts, users } from '../../db/schema';

/** A phone as `+86 13800000000` (channel `sms`) or a lower-cased e-mail address. */
export type TContact = { channel: 'sms' | 'email'; target: string };

/** Matches a target against users' phones (`+<code> <number>`) or e-mails. */
function userContactMatch(contact: TContact) {
  return contact.channel === 'sms'
    ? sql`('+' || ${users.phoneCode} || ' ' || ${users.phone}) = ${contact.target}`
    : sql`lower(${users.email}) = ${contact.target}`;
}

/**
 * The accounts (not deleted) registered with the contact or holding a regular user (not deleted)
 * with it, oldest first.
 */
export async function findAccountsByContact(
  db: TDb,
  contact: TContact,
): Promise<{ name: string; displayName: string }[]> {
  const registered =
    contact.channel === 'sms'
      ? sql`${accounts.registrationPhone} = ${contact.target}`
      : sql`lower(${accounts.registrationEmail}) = ${contact.target}`;
  const holder = db
    .select({ one: sql`1` })
    .from(users)
    .where(
      and(
        eq(users.accountId, accounts.id),
        isNull(users.deletedAt),
        eq(users.kind, 'regular'),
        userContactMatch(contact),
      ),
    );
  return db
    .select({ name: accounts.name, displayName: accounts.displayName })
    .from(accounts)
    .where(and(ne(accounts.status, 2), or(registered, exists(holder))))
    .orderBy(accounts.createdAt, accounts.id);
}

/** Whether an account is named `name` (lower-cased) by its display name or its name. */
function isAccountNamed(name: string) {
  return sql`(lower(${accounts.displayName}) = ${name} or lower(${accounts.name}) = ${name})`;
}

/** The usernames of the account's regular users (not deleted) with the contact, in order. */
export async function findUsernamesByContact(
  db: TDb,
  accountName: string,
  contact: TContact,
): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        isAccountNamed(accountName),
        isNull(users.deletedAt),
        eq(users.kind, 'regular'),
        userContactMatch(contact),
      ),
    )
    .orderBy(users.username);
  return rows.map((r) => r.username);
}

/**
 * The regular user (not deleted) of a username (lower-cased) in the account named `accountName`
 * (lower-cased), the account's display name winning over another account's name.
 */
export async function findUserByNames(
  db: TDb,
  accountName: string,
  username: string,
): Promise<{ accountId: number; userId: number; phone: string | null; email: string | null } | null> {
  const rows = await db
    .select({ accountId: users.accountId, userId: users.id, phone: users.phone, email: users.email })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        isAccountNamed(accountName),
        sql`lower(${users.username}) = ${username}`,
        isNull(users.deletedAt),
        eq(users.kind, 'regular'),
      ),
    )
    .orderBy(desc(sql`(lower(${accounts.displayName}) = ${accountName})`))
    .limit(1);
  return rows[0] ?? null;
}

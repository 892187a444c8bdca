/**
 * The statements of a sign-in. Each is one round trip, prepared once per database handle (a named
 * statement on PostgreSQL, parsed and planned once per connection): the lookup of everything the
 * sign-in decides on, the count of a failure (with the client address's count and the audit
 * entry), and the completion (session, sign-in record, audit entry, authorisations).
 */
import { and, eq, sql } from 'drizzle-orm';
import { preparedPer, type TDb } from '../../db/client';
import {
  accounts,
  addressAttempts,
  auditEntries,
  loginAttempts,
  passkeys,
  passwordPolicies,
  roleResources,
  roles,
  sessions,
  ssoConfigs,
  userRoles,
  users,
} from '../../db/schema';
import {
  addressCountPlaceholders,
  addressCountValues,
  addressFailureUpsert,
  addressRowOf,
  type TAddressCount,
  type TAddressRow,
} from '../address-limit';

export type TLoginUser = {
  id: number;
  username: string;
  displayName: string;
  passwordHash: string;
  kind: 'regular' | 'service';
  isEnabled: boolean;
  isDeleted: boolean;
  mustResetPassword: boolean;
  phone: string | null;
  email: string | null;
  mfaEnabled: boolean;
  /** The user has registered passkeys: the sign-in needs its second step. */
  hasPasskey: boolean;
  passwordChangedAt: Date;
  /** Whether the user is an account administrator; read only when the account uses single sign-on. */
  isAdmin: boolean;
};

export type TAttempt = { failures: number; lockedUntil: Date | null };

export type TLoginLookup = {
  /** The account named at sign-in, when it exists. */
  account: {
    id: number;
    displayName: string;
    status: number;
    mfaRequired: boolean;
    passwordExpireDays: number;
    /** Single sign-on: off, on (password login for nobody), or on with administrator password login. */
    sso: 'off' | 'on' | 'on_admin_password';
  } | null;
  /** Its user of the typed username, when both exist. */
  user: TLoginUser | null;
  /** The wrong-password count of the typed names, when there is one. */
  attempt: TAttempt | null;
  /** The sign-in failures of the client's address, when there are any. */
  address: TAddressRow | null;
};

const p = sql.placeholder;

/** The wrong-password count of a name (`key`) and the sign-in failures of an address, joined to a row. */
const attemptJoin = eq(loginAttempts.key, p('key'));
const addressJoin = and(
  eq(addressAttempts.address, sql`${p('address')}::text`),
  eq(addressAttempts.scope, 'login'),
);
const attemptFields = {
  failures: loginAttempts.failures,
  lockedUntil: loginAttempts.lockedUntil,
  addressFailures: addressAttempts.failures,
  addressWindowStartedAt: addressAttempts.windowStartedAt,
  addressBlockedUntil: addressAttempts.blockedUntil,
};

function attemptOf(row: { failures: number | null; lockedUntil: Date | null }): TAttempt | null {
  return row.failures === null ? null : { failures: row.failures, lockedUntil: row.lockedUntil };
}

function prepareLookup(db: TDb) {
  const accountName = sql`lower(${p('accountName')})`;
  const isAdminRole = db
    .select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, users.id), eq(roles.code, 'account_admin')));
  // The account named (by display name, else by account name, case-insensitively) with its
  // policies, and its user of the typed username: at most one row, joined laterally so that the
  // answer is one row whatever exists.
  const named = db
    .select({
      accountId: sql`${accounts.id}`.mapWith(accounts.id).as('account_id'),
      accountDisplayName: sql`${accounts.displayName}`
        .mapWith(accounts.displayName)
        .as('account_display_name'),
      accountStatus: accounts.status,
      accountMfaRequired: accounts.mfaRequired,
      passwordExpireDays: passwordPolicies.expireDays,
      ssoMode: sql<number>`case when ${ssoConfigs.enabled}
        then (case when ${ssoConfigs.supportAdminLogin} then 2 else 1 end) else 0 end`.as('sso_mode'),
      // Whether the user is an account administrator: read only when the account uses single sign-on.
      isAdmin: sql<boolean | null>`case when ${ssoConfigs.enabled} then exists (${isAdminRole}) end`.as(
        'is_admin',
      ),
      userId: users.id,
      username: users.username,
      displayName: users.displayName,
      passwordHash: users.passwordHash,
      kind: users.kind,
      isEnabled: users.isEnabled,
      deletedAt: users.deletedAt,
      mustResetPassword: users.mustResetPassword,
      phone: users.phone,
      email: users.email,
      mfaEnabled: users.mfaEnabled,
      hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`.as(
        'has_passkey',
      ),
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(accounts)
    .leftJoin(passwordPolicies, eq(passwordPolicies.accountId, accounts.id))
    .leftJoin(ssoConfigs, eq(ssoConfigs.accountId, accounts.id))
    .leftJoin(
      users,
      and(eq(users.accountId, accounts.id), sql`lower(${users.username}) = lower(${p('username')})`),
    )
    .where(sql`lower(${accounts.displayName}) = ${accountName} or lower(${accounts.name}) = ${accountName}`)
    .orderBy(sql`(lower(${accounts.displayName}) = ${accountName}) desc`)
    .limit(1)
    .as('c');
  return db
    .select({
      accountId: named.accountId,
      accountDisplayName: named.accountDisplayName,
      accountStatus: named.accountStatus,
      accountMfaRequired: named.accountMfaRequired,
      passwordExpireDays: named.passwordExpireDays,
      ssoMode: named.ssoMode,
      isAdmin: named.isAdmin,
      userId: named.userId,
      username: named.username,
      displayName: named.displayName,
      passwordHash: named.passwordHash,
      kind: named.kind,
      isEnabled: named.isEnabled,
      deletedAt: named.deletedAt,
      mustResetPassword: named.mustResetPassword,
      phone: named.phone,
      email: named.email,
      mfaEnabled: named.mfaEnabled,
      hasPasskey: named.hasPasskey,
      passwordChangedAt: named.passwordChangedAt,
      ...attemptFields,
    })
    .from(sql`(select 1) as one`)
    .leftJoinLateral(named, sql`true`)
    .leftJoin(loginAttempts, attemptJoin)
    .leftJoin(addressAttempts, addressJoin)
    .prepare('login_lookup');
}

function prepareAttemptAndAddress(db: TDb) {
  return db
    .select(attemptFields)
    .from(sql`(select 1) as one`)
    .leftJoin(loginAttempts, attemptJoin)
    .leftJoin(addressAttempts, addressJoin)
    .prepare('login_attempt_and_address');
}

function prepareRecordFailure(db: TDb) {
  const now = sql`${p('now')}::timestamptz`;
  const lockUntil = sql`${p('lockUntil')}::timestamptz`;
  const maxFailures = sql`${p('maxFailures')}::int`;
  const la = loginAttempts;
  const isLockOver = sql`(${la.lockedUntil} is not null and ${la.lockedUntil} <= ${now})`;
  const counted = db.$with('counted').as(
    db
      .insert(la)
      .values({
        key: sql`${p('key')}`,
        failures: 1,
        lockedUntil: sql`case when 1 >= ${maxFailures} then ${lockUntil} end`,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: la.key,
        set: {
          failures: sql`case when ${isLockOver} then 1 else ${la.failures} + 1 end`,
          lockedUntil: sql`case when (case when ${isLockOver} then 1 else ${la.failures} + 1 end) >= ${maxFailures}
                                then ${lockUntil} end`,
          updatedAt: now,
        },
      })
      .returning({ failures: la.failures, lockedUntil: la.lockedUntil }),
  );
  const address = addressCountPlaceholders('address_');
  const addressed = db
    .$with('addressed')
    .as(addressFailureUpsert(db, address, sql`${address.address} is not null`));
  const accountId = sql`${p('accountId')}::bigint`;
  const username = sql`${p('username')}::text`;
  // `insert … select` has no builder for a table with an identity column: written out. The chain
  // trigger numbers and hashes the entry.
  const audited = db.$with('audited', {}).as(
    sql`insert into ${auditEntries} (account_id, user_id, username, action, object_type, object_name, status, info,
                                      ip, request_id, created_at)
        select ${accountId}, ${p('userId')}::bigint, ${username}, 'auth.login', 'session', ${username}, 0,
               jsonb_build_object('reason', ${p('reason')}::text, 'failures', ${counted.failures},
                                  'locked', ${counted.lockedUntil} is not null)
                 || case when ${addressed.isBlockStart} then jsonb_build_object('addressBlocked', true)
                    else '{}'::jsonb end,
               ${p('ip')}::text, ${p('requestId')}::text, ${now}
        from ${counted} left join ${addressed} on true where ${accountId} is not null`,
  );
  return db
    .with(counted, addressed, audited)
    .select({
      failures: counted.failures,
      lockedUntil: counted.lockedUntil,
      addressFailures: addressed.failures,
      addressWindowStartedAt: addressed.windowStartedAt,
      addressBlockedUntil: addressed.blockedUntil,
      isAddressBlockStart: addressed.isBlockStart,
    })
    .from(counted)
    .leftJoin(addressed, sql`true`)
    .prepare('login_record_failure');
}

function prepareCompleteLogin(db: TDb) {
  const now = sql`${p('now')}::timestamptz`;
  const accountId = sql`${p('accountId')}`;
  const userId = sql`${p('userId')}`;
  const username = sql`${p('username')}::text`;
  const ip = sql`${p('ip')}::text`;
  const userAgent = sql`${p('userAgent')}::text`;
  const cleared = db
    .$with('cleared')
    .as(db.delete(loginAttempts).where(eq(loginAttempts.key, p('attemptKey'))));
  const created = db.$with('created').as(
    db
      .insert(sessions)
      .values({
        tokenHash: sql`${p('tokenHash')}`,
        accountId,
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: sql`${p('expiresAt')}::timestamptz`,
        ip,
        userAgent,
        signInMethod: sql`${p('signInMethod')}::text`,
      })
      .returning({ id: sessions.id }),
  );
  const signedIn = db.$with('signed_in').as(
    db
      .update(users)
      .set({
        previousLoginAt: sql`${users.lastLoginAt}`,
        previousLoginIp: sql`${users.lastLoginIp}`,
        lastLoginAt: now,
        lastLoginIp: ip,
      })
      .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
      .returning({ id: users.id }),
  );
  // Reading signed_in makes the user's row locked before the entry locks the account's audit
  // chain head: the head is taken last, as in every transaction, else a sign-in could hold it
  // while waiting for the user's row that an administrator's change holds (a deadlock). The entry
  // is written out: `insert … select` has no builder for a table with an identity column.
  const audited = db.$with('audited', {}).as(
    sql`insert into ${auditEntries} (account_id, user_id, username, action, object_type, object_id, object_name,
                                      status, info, ip, request_id, created_at)
        select ${accountId}, ${userId}, ${username}, 'auth.login', 'session', ${created.id}::text, ${username}, 1,
               jsonb_strip_nulls(jsonb_build_object('userAgent', ${userAgent}, 'method', ${p('method')}::text)),
               ${ip}, ${p('requestId')}::text, ${now}
        from ${created} cross join (select count(*) from ${signedIn}) as ordered`,
  );
  return db
    .with(cleared, created, signedIn, audited)
    .select({ resourceName: roleResources.resourceName, resourceType: roleResources.resourceType })
    .from(userRoles)
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.accountId, accountId)))
    .groupBy(roleResources.resourceName, roleResources.resourceType)
    .orderBy(roleResources.resourceType, roleResources.resourceName)
    .prepare('login_complete');
}

function prepareStatements(db: TDb) {
  return {
    lookup: prepareLookup(db),
    attemptAndAddress: prepareAttemptAndAddress(db),
    recordFailure: prepareRecordFailure(db),
    completeLogin: prepareCompleteLogin(db),
  };
}

const statementsOf = preparedPer(prepareStatements);

/**
 * Everything a sign-in needs to decide, in one query that answers one row whatever exists: the
 * account named (by display name, else by account name, case-insensitively), its user of that
 * username, the wrong-password count of the typed names and the sign-in failures of the client's
 * address (`address` null: none).
 */
export async function findLoginLookup(
  db: TDb,
  accountName: string,
  username: string,
  attemptKey: Buffer,
  address: string | null,
): Promise<TLoginLookup> {
  const [r] = await statementsOf(db).lookup.execute({ accountName, username, key: attemptKey, address });
  if (!r) throw new Error('login lookup returned no row');
  const c = r;
  return {
    account:
      c.accountId === null
        ? null
        : {
            id: c.accountId,
            displayName: c.accountDisplayName ?? '',
            status: c.accountStatus ?? 0,
            mfaRequired: c.accountMfaRequired === true,
            passwordExpireDays: Number(c.passwordExpireDays ?? 0),
            sso: c.ssoMode === 2 ? 'on_admin_password' : c.ssoMode === 1 ? 'on' : 'off',
          },
    user:
      c.userId === null
        ? null
        : {
            id: c.userId,
            username: c.username ?? '',
            displayName: c.displayName ?? '',
            passwordHash: c.passwordHash ?? '',
            kind: c.kind ?? 'regular',
            isEnabled: c.isEnabled === true,
            isDeleted: c.deletedAt !== null,
            mustResetPassword: c.mustResetPassword === true,
            phone: c.phone,
            email: c.email,
            mfaEnabled: c.mfaEnabled === true,
            hasPasskey: c.hasPasskey === true,
            passwordChangedAt: c.passwordChangedAt ?? new Date(0),
            isAdmin: c.isAdmin === true,
          },
    attempt: attemptOf(r),
    address: addressRowOf({
      failures: r.addressFailures,
      windowStartedAt: r.addressWindowStartedAt,
      blockedUntil: r.addressBlockedUntil,
    }),
  };
}

/** The wrong-password count of the typed names and the sign-in failures of the address, in one query. */
export async function findAttemptAndAddress(
  db: TDb,
  key: Buffer,
  address: string | null,
): Promise<{ attempt: TAttempt | null; address: TAddressRow | null }> {
  const [r] = await statementsOf(db).attemptAndAddress.execute({ key, address });
  if (!r) throw new Error('attempt lookup returned no row');
  return {
    attempt: attemptOf(r),
    address: addressRowOf({
      failures: r.addressFailures,
      windowStartedAt: r.addressWindowStartedAt,
      blockedUntil: r.addressBlockedUntil,
    }),
  };
}

/** A counted failure: the name's count, and the address's when there is an address. */
export type TCountedFailure = TAttempt & { address: TAddressRow | null; isAddressBlockStart: boolean };

/**
 * Counts one more wrong password atomically, on the typed names and on the client's address, and
 * audits it in the named account when that exists, in one statement. Once `maxFailures` is reached
 * the name is locked until `now + lockSeconds`; a count whose lock has ended starts again at 1.
 * The address counts as the address-limit module's upsert says; the entry notes a block it starts.
 */
export async function recordFailure(
  db: TDb,
  input: {
    key: Buffer;
    now: Date;
    maxFailures: number;
    lockSeconds: number;
    accountId: number | null;
    userId: number | null;
    username: string;
    ip: string | null;
    requestId: string | null;
    /** Why the attempt failed: a wrong password (default) or a wrong second-step code. */
    reason?: 'wrong_password' | 'wrong_code';
    /** The failure of the client's address to count too (null: no address). */
    address: TAddressCount | null;
  },
): Promise<TCountedFailure> {
  const [r] = await statementsOf(db).recordFailure.execute({
    key: input.key,
    now: input.now,
    maxFailures: input.maxFailures,
    lockUntil: new Date(input.now.getTime() + input.lockSeconds * 1000),
    accountId: input.accountId,
    userId: input.userId,
    username: input.username,
    ip: input.ip,
    requestId: input.requestId,
    reason: input.reason ?? 'wrong_password',
    ...addressCountValues('address_', input.address),
  });
  if (!r) throw new Error('login_attempts upsert returned no row');
  return {
    failures: r.failures,
    lockedUntil: r.lockedUntil,
    address: addressRowOf({
      failures: r.addressFailures,
      windowStartedAt: r.addressWindowStartedAt,
      blockedUntil: r.addressBlockedUntil,
    }),
    isAddressBlockStart: r.isAddressBlockStart === true,
  };
}

export async function clearAttempts(db: TDb, key: Buffer): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export type TResourceRow = { resourceName: string; resourceType: number };

/**
 * Completes a sign-in in one statement (hence one transaction): clears the wrong-password count,
 * creates the session, records the sign-in on the user and in the audit log, and answers the
 * user's resource authorisations.
 */
export async function completeLogin(
  db: TDb,
  input: {
    attemptKey: Buffer;
    tokenHash: Buffer;
    accountId: number;
    userId: number;
    username: string;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    requestId: string | null;
    /** How the user proved who they are, when not by password: `sso_oidc`, `sso_saml`, `third_party:<id>`. */
    method?: string | null;
    /** What the session records (`sessions.sign_in_method`): the method, else `password…`. */
    signInMethod: string;
  },
): Promise<TResourceRow[]> {
  return statementsOf(db).completeLogin.execute({ ...input, method: input.method ?? null });
}

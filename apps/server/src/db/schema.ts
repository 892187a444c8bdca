/**
 * The database schema. Every account-scoped table carries `account_id`, and every query of an
 * account-scoped table filters by the session's account. Secrets are never stored in clear:
 * passwords as argon2id hashes, session tokens as SHA-256 digests.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** Small key-value facts about the installation (e.g. which seeds ran). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    /** Generated at registration, letters only, never changes; the login address uses it. */
    name: text('name').notNull(),
    /** What users type at login. */
    displayName: text('display_name').notNull(),
    /** 0 demo, 1 test, 2 trial, 3 formal. */
    type: smallint('type').notNull().default(2),
    /** 0 normal, 1 stopped, 2 deleted, 3 owe, 4 init. */
    status: smallint('status').notNull().default(0),
    companyName: text('company_name'),
    formalApplicationSubmitted: boolean('formal_application_submitted').notNull().default(false),
    billingEnabled: boolean('billing_enabled').notNull().default(true),
    /** Every user of the account must use login protection. */
    mfaRequired: boolean('mfa_required').notNull().default(false),
    /** Users may sign in with a passkey alone (discoverable credential, no password). */
    passkeySignIn: boolean('passkey_sign_in').notNull().default(false),
    /** The phone (`+86 13800000000`) or e-mail the account was registered with: one account each. */
    registrationPhone: text('registration_phone'),
    registrationEmail: text('registration_email'),
    /** Client address of the registration (for the per-address limit). */
    registrationIp: text('registration_ip'),
    /** Digest of the key that lets the questionnaire be answered without a session. */
    registrationKeyHash: bytea('registration_key_hash'),
    /** The questionnaire's answers (`registration_reason`, `registration_reason_other`). */
    registrationInfo: jsonb('registration_info'),
    /** Cloud-marketplace customer of an account registered from the marketplace. */
    marketplaceCustomerId: text('marketplace_customer_id'),
    /** AWS Marketplace's `CustomerAWSAccountId`: one account per AWS account. */
    marketplaceAwsAccountId: text('marketplace_aws_account_id'),
    /** AWS Marketplace's `LicenseArn` of the subscription, when it answered one. */
    marketplaceLicenseArn: text('marketplace_license_arn'),
    /** The marketplace product (`ProductCode`) the account was registered from. */
    marketplaceProductCode: text('marketplace_product_code'),
    /** AWS Marketplace's `CustomerIdentifier`, when it answered one (metering keys on it). */
    marketplaceCustomerIdentifier: text('marketplace_customer_identifier'),
    /** Trial days added by activation codes, on top of the 30 of the trial period. */
    trialExtensionDays: integer('trial_extension_days').notNull().default(0),
    /** Services paused after a long arrears (or a trial that ended); a top-up that clears them resumes. */
    servicesPausedAt: ts('services_paused_at'),
    /** When the trial ended and its services were paused (once; a top-up or verification resumes). */
    trialExpiredAt: ts('trial_expired_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('accounts_display_name_key').on(sql`lower(${t.displayName})`),
    uniqueIndex('accounts_registration_phone_key').on(t.registrationPhone),
    uniqueIndex('accounts_registration_email_key').on(t.registrationEmail),
    uniqueIndex('accounts_marketplace_aws_account_id_key').on(t.marketplaceAwsAccountId),
    /** The back office's account search (pg_trgm). */
    index('accounts_ops_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.name} || ' ' || ${t.displayName} || ' ' || coalesce(${t.companyName}, '') || ' ' || coalesce(${t.registrationPhone}, '') || ' ' || coalesce(${t.registrationEmail}, ''))) gin_trgm_ops`,
    ),
    check('accounts_type_check', sql`${t.type} between 0 and 3`),
    check('accounts_status_check', sql`${t.status} between 0 and 4`),
  ],
);

/**
 * A buyer AWS Marketplace posted to the registration URL: their registration token, sealed, held
 * for an hour under the digest of the reference the redirect to /aws-register carries.
 */
export const marketplaceArrivals = pgTable('marketplace_arrivals', {
  referenceHash: bytea('reference_hash').primaryKey(),
  /** The `x-amzn-marketplace-token`, sealed with the secret key. */
  tokenSealed: text('token_sealed').notNull(),
  /** `x-amzn-marketplace-offer-type` (for example `free-trial`), when AWS sent one. */
  offerType: text('offer_type'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    username: text('username').notNull(),
    displayName: text('display_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** regular: web console and JDBC; service: JDBC/API only, never a web session. */
    kind: text('kind', { enum: ['regular', 'service'] })
      .notNull()
      .default('regular'),
    /** For service users: system (created with an instance) or custom. */
    serviceKind: text('service_kind', { enum: ['system', 'custom'] }),
    phone: text('phone'),
    /** Country calling code of `phone`, without "+". */
    phoneCode: text('phone_code').notNull().default('86'),
    email: text('email'),
    title: text('title'),
    remark: text('remark'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    deletedAt: ts('deleted_at'),
    /** The identity provider's id of the user, as SCIM provisioning sends it (`externalId`). */
    externalId: text('external_id'),
    mustResetPassword: boolean('must_reset_password').notNull().default(false),
    /** When the one reminder before the password expires was sent (for the current password). */
    passwordReminderSentAt: ts('password_reminder_sent_at'),
    /** Login protection: a second step at every sign-in. */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    mfaMethod: text('mfa_method', { enum: ['GA', 'PHONE', 'EMAIL'] }),
    /** The bound authenticator secret, sealed with the server key. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is usable once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
    lastLoginAt: ts('last_login_at'),
    lastLoginIp: text('last_login_ip'),
    /** The sign-in before the latest one, shown to the user as "last login". */
    previousLoginAt: ts('previous_login_at'),
    previousLoginIp: text('previous_login_ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_account_username_key').on(t.accountId, sql`lower(${t.username})`),
    /** The user list: paging in creation order and by last sign-in (user management). */
    index('users_account_id_idx').on(t.accountId, t.id),
    index('users_account_last_login_idx').on(t.accountId, t.lastLoginAt, t.id),
    /** Substring search of the user list (pg_trgm). */
    index('users_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.username} || ' ' || ${t.displayName} || ' ' || coalesce(${t.phone}, '') || ' ' || coalesce(${t.email}, ''))) gin_trgm_ops`,
    ),
    /** SCIM's `externalId eq` filter. */
    index('users_account_external_id_idx')
      .on(t.accountId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    /** Deleted users whose recovery period ends (retention). */
    index('users_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    /** The back office's search by a whole e-mail address, across accounts. */
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_service_kind_check', sql`(${t.kind} = 'service') = (${t.serviceKind} is not null)`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The identity provider's id of the group this role stands for (SCIM `externalId`). */
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_account_code_key').on(t.accountId, t.code)],
);

/** Resources a role grants: menus (type 0) and operations (type 1). */
export const roleResources = pgTable(
  'role_resources',
  {
    roleId: ref('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resourceName: text('resource_name').notNull(),
    resourceType: smallint('resource_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resourceName, t.resourceType] })],
);

/** Grants of roles to users. */
export const userRoles = pgTable(
  'user_roles',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: ref('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    grantedAt: createdAt(),
    grantedBy: ref('granted_by'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: bytea('token_hash').notNull(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** Absolute end of the session. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * How the session was signed in: `password`, `password_ga` / `password_phone` /
     * `password_email` / `password_passkey` (with a second step), `passkey` (a passkey alone),
     * `sso_oidc` / `sso_saml` (single sign-on), `third_party:<provider>`. Null for sessions of
     * older versions.
     */
    signInMethod: text('sign_in_method'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    /** The back office's active accounts per day (sign-ins). */
    index('sessions_created_idx').on(t.createdAt),
  ],
);

/**
 * Consecutive wrong passwords per sign-in name. The key is a digest of the lower-cased account
 * name and username, whether or not they exist, so that unknown names count and lock exactly
 * like known ones.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: bytea('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: updatedAt(),
});

/**
 * Failures per client address (IPv4, or the /64 of an IPv6 address) and kind of attempt, across
 * names and accounts (decision 0012): a fixed window from its first failure, the captcha from
 * `ADDRESS_CAPTCHA_AFTER_FAILURES` on, a block until `blocked_until` from `ADDRESS_BLOCK_AFTER_FAILURES`.
 */
export const addressAttempts = pgTable(
  'address_attempts',
  {
    address: text('address').notNull(),
    /** login (passwords and second-step codes), code (code checks), recovery, registration. */
    scope: text('scope').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: ts('window_started_at').notNull(),
    blockedUntil: ts('blocked_until'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.scope] }),
    check('address_attempts_scope_check', sql`${t.scope} in ('login', 'code', 'recovery', 'registration')`),
    index('address_attempts_updated_idx').on(t.updatedAt),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Partitioned by month of `created_at` (migration 0013 makes it `PARTITION BY RANGE`, which the
 * schema cannot express): partitions `audit_entries_YYYY_MM` plus `audit_entries_default`, created
 * ahead by `audit_ensure_partition` and dropped whole by retention.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    /** Unique by the identity; the primary key adds the partition key, as partitioning requires. */
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** Null for entries of the installation itself (licenses), chained under 0. */
    accountId: ref('account_id').references(() => accounts.id),
    userId: ref('user_id'),
    username: text('username'),
    /** What happened, e.g. `auth.login`. */
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    objectName: text('object_name'),
    /** 1 success, 0 failure. */
    status: smallint('status').notNull(),
    info: jsonb('info').notNull().default({}),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: createdAt(),
    /** Position in the account's hash chain; set by the `audit_entries_chain` trigger. */
    seq: ref('seq'),
    /** Hash of the account's previous entry (32 zero bytes for the first). */
    prevHash: bytea('prev_hash'),
    /** SHA-256(prev_hash || canonical entry); see `modules/audit/audit.chain.ts`. */
    hash: bytea('hash'),
    /** The words the free-text filter finds (`audit_search_vector`, migration 0013). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`audit_search_vector("action", "object_name", "object_id", "username", "ip", "request_id", "info")`,
      ),
  },
  (t) => [
    primaryKey({ name: 'audit_entries_pkey', columns: [t.id, t.createdAt] }),
    /** Not unique (a partitioned table's unique index needs the partition key): the trigger numbers under the head's lock. */
    index('audit_entries_chain_idx').on(sql`coalesce(${t.accountId}, 0)`, t.seq),
    index('audit_entries_time_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index('audit_entries_object_type_idx').on(t.accountId, t.objectType, t.createdAt.desc(), t.id.desc()),
    index('audit_entries_user_idx').on(
      t.accountId,
      sql`lower(${t.username})`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('audit_entries_failure_idx')
      .on(t.accountId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 0`),
    /** Free-text search of the audit log: `search_vector @@ audit_search_query(text)`. */
    index('audit_entries_search_idx').using('gin', t.searchVector),
  ],
);

/** The newest entry of each account's audit chain, locked by every append (one row per account). */
export const auditChainHeads = pgTable('audit_chain_heads', {
  accountId: ref('account_id').primaryKey(),
  seq: ref('seq').notNull(),
  hash: bytea('hash').notNull(),
});

/** The last entry removed by retention per account: the kept chain starts right after it. */
export const auditChainPurges = pgTable('audit_chain_purges', {
  accountId: ref('account_id').primaryKey(),
  seq: ref('seq').notNull(),
  hash: bytea('hash').notNull(),
  purgedAt: ts('purged_at').notNull().defaultNow(),
});

/** Background work, claimed with FOR UPDATE SKIP LOCKED so that any number of replicas can run. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    /** At most one queued or running job per key (recurring jobs). */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey).where(sql`${t.status} in ('queued', 'running')`),
    /** The back office's failing jobs: given up, or queued again after a failure. */
    index('jobs_failing_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'failed' or (${t.status} = 'queued' and ${t.attempts} > 0)`),
  ],
);

/**
 * Verification codes sent by SMS or e-mail: only an HMAC of the code is kept, bound to one
 * purpose and one target; single use, a few attempts. The rows also count sends for rate limits.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    purpose: text('purpose').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** `+86 13800000000` or a lower-cased e-mail address. */
    target: text('target').notNull(),
    accountId: ref('account_id'),
    userId: ref('user_id'),
    codeHash: bytea('code_hash').notNull(),
    isSent: boolean('is_sent').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Proofs of a verified code (checkToken), single use; only a digest of the token is kept. */
export const checkTokens = pgTable(
  'check_tokens',
  {
    id: id(),
    tokenHash: bytea('token_hash').notNull(),
    purpose: text('purpose').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    target: text('target').notNull(),
    accountId: ref('account_id'),
    userId: ref('user_id'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [uniqueIndex('check_tokens_token_hash_key').on(t.tokenHash)],
);

/** Image captchas: an HMAC of the answer, single use. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: bytea('answer_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

/**
 * Challenges answered with an encrypted code: a sign-in waiting for its second step, an
 * authenticator binding waiting for its first code, or a status change. `unique_id_hash` is the
 * digest of the id handed to the client.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    uniqueIdHash: bytea('unique_id_hash').notNull(),
    kind: text('kind', { enum: ['login', 'bind', 'status'] }).notNull(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyId: ref('key_id').notNull(),
    /** A secret being bound (sealed), for bind challenges and binding during sign-in. */
    pendingSecret: text('pending_secret'),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [uniqueIndex('mfa_challenges_unique_id_key').on(t.uniqueIdHash)],
);

/**
 * A user's passkeys (WebAuthn credentials): the credential id and COSE public key the
 * authenticator registered, its signature counter, and the name the user gave it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter; 0 for authenticators that keep none. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** `singleDevice` or `multiDevice` (synced), and whether it is backed up. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The authenticator model's id (AAGUID), when it tells one. */
    aaguid: text('aaguid'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * WebAuthn challenges between their options and the authenticator's answer: single use and
 * short-lived, kept here (as digests) so that any replica can finish a ceremony another began.
 * `register` belongs to a signed-in user; `second_step` to a sign-in waiting for its second step
 * (its login challenge); `passwordless` to an account's login address only.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    challengeHash: bytea('challenge_hash').notNull(),
    purpose: text('purpose', { enum: ['register', 'second_step', 'passwordless'] }).notNull(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    loginChallengeId: ref('login_challenge_id').references(() => mfaChallenges.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_hash_key').on(t.challengeHash),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * SCIM provisioning tokens of an account: bearer tokens an administrator creates on the SSO page
 * and shows once. Only their digest is kept.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    /** The token's first characters, to tell tokens apart (never enough to use one). */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    createdBy: ref('created_by'),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: ts('revoked_at'),
    revokedBy: ref('revoked_by'),
  },
  (t) => [
    uniqueIndex('scim_tokens_token_hash_key').on(t.tokenHash),
    index('scim_tokens_account_idx').on(t.accountId),
  ],
);

/** RSA-OAEP key pairs for codes encrypted by the client; private keys sealed. Rotated daily. */
export const rsaKeys = pgTable('rsa_keys', {
  id: id(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
  /** No new challenge uses the key after this; it still decrypts until its challenges end. */
  rotatesAt: ts('rotates_at').notNull(),
});

/** Development outbox: every e-mail and SMS, with its code (never written in production mode). */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.id.desc())],
);

/** The password policy of an account; an account without a row has the default policy. */
export const passwordPolicies = pgTable(
  'password_policies',
  {
    accountId: ref('account_id')
      .primaryKey()
      .references(() => accounts.id),
    requiredCharTypes: jsonb('required_char_types').$type<string[]>().notNull(),
    minLength: integer('min_length').notNull(),
    /** 0: permanent. */
    expireDays: integer('expire_days').notNull(),
    updatedAt: updatedAt(),
    updatedBy: ref('updated_by'),
  },
  (t) => [
    check('password_policies_min_length_check', sql`${t.minLength} between 8 and 32`),
    check('password_policies_expire_days_check', sql`${t.expireDays} between 0 and 365`),
  ],
);

/** Invite codes for registration (required in the international edition). */
export const inviteCodes = pgTable('invite_codes', {
  code: text('code').primaryKey(),
  maxUses: integer('max_uses').notNull().default(1),
  usedCount: integer('used_count').notNull().default(0),
  expiresAt: ts('expires_at'),
  createdAt: createdAt(),
});

/**
 * An administrator's request to change another user's e-mail or phone: applied only when the
 * user agrees through the link sent to the new address (single use, one hour).
 */
export const contactChangeRequests = pgTable(
  'contact_change_requests',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operatorId: ref('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    newEmail: text('new_email'),
    newPhone: text('new_phone'),
    newPhoneCode: text('new_phone_code'),
    tokenHash: bytea('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('contact_change_requests_token_key').on(t.tokenHash),
    index('contact_change_requests_account_idx').on(t.accountId, t.createdAt),
    /** A user's pending request (the user list's pending-change tag). */
    index('contact_change_requests_user_idx')
      .on(t.userId)
      .where(sql`${t.consumedAt} is null and ${t.revokedAt} is null`),
  ],
);

/**
 * Invitations to set one's own password (spec route `/userManage/{userId}`). The invited user
 * exists with an unusable password until the link is used. Only the token's digest is kept; a
 * link serves once, for 72 hours, and a newer invitation or a revocation ends the older one.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where the link went: EMAIL or SMS, and the address it went to. */
    channel: text('channel', { enum: ['EMAIL', 'SMS'] }).notNull(),
    sentTo: text('sent_to').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('user_invitations_token_key').on(t.tokenHash),
    /** A user's open invitation (the user list's "invited, pending" tag). */
    index('user_invitations_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('user_invitations_channel_check', sql`${t.channel} in ('EMAIL', 'SMS')`),
  ],
);

/**
 * Redeemed activation codes. A code (`npm run cli -- activation-create`) is signed with the server
 * key and turns a trial account formal or extends its trial; its digest is recorded here when an
 * account redeems it, so that it serves once. The code itself is never stored.
 */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: id(),
    codeHash: bytea('code_hash').notNull(),
    kind: text('kind', { enum: ['formal', 'extend'] }).notNull(),
    extendDays: integer('extend_days').notNull().default(0),
    note: text('note'),
    expiresAt: ts('expires_at'),
    createdAt: createdAt(),
    usedByAccountId: ref('used_by_account_id').references(() => accounts.id),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('activation_codes_code_key').on(t.codeHash),
    check('activation_codes_kind_check', sql`${t.kind} in ('formal', 'extend')`),
  ],
);

/** Applications to upgrade a trial account to the enterprise (formal) edition. */
export const formalApplications = pgTable(
  'formal_applications',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id').notNull(),
    contactName: text('contact_name').notNull(),
    company: text('company').notNull(),
    email: text('email').notNull(),
    openServices: jsonb('open_services').notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('formal_applications_account_idx').on(t.accountId, t.createdAt)],
);

/** Huawei-cloud licenses activated on this installation. */
export const huaweiLicenses = pgTable('huawei_licenses', {
  id: id(),
  /** The id inside the signed license. */
  licenseId: text('license_id').notNull().unique(),
  license: text('license').notNull(),
  customer: text('customer').notNull(),
  activatedAt: ts('activated_at').notNull(),
  expireTime: ts('expire_time').notNull(),
  releasedAt: ts('released_at'),
});

/**
 * The single sign-on configuration of an account (one per account). The OpenID client secret is
 * sealed with the server key; SAML metadata is kept as given (URL or XML) with what was read
 * from it: the IdP's entity id, sign-on URL and signing certificates.
 */
export const ssoConfigs = pgTable(
  'sso_configs',
  {
    accountId: ref('account_id')
      .primaryKey()
      .references(() => accounts.id),
    protocol: text('protocol', { enum: ['OIDC', 'SAML2'] }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    supportAdminLogin: boolean('support_admin_login').notNull().default(true),
    jitProvisioning: boolean('jit_provisioning').notNull().default(false),
    oidcIssuer: text('oidc_issuer'),
    oidcClientId: text('oidc_client_id'),
    oidcClientSecret: text('oidc_client_secret'),
    oidcScopes: text('oidc_scopes'),
    oidcUsernameClaim: text('oidc_username_claim'),
    samlMetadataUrl: text('saml_metadata_url'),
    samlMetadataXml: text('saml_metadata_xml'),
    samlIdpEntityId: text('saml_idp_entity_id'),
    samlIdpSsoUrl: text('saml_idp_sso_url'),
    samlIdpCerts: jsonb('saml_idp_certs').$type<string[]>(),
    samlUsernameAttribute: text('saml_username_attribute'),
    /** Accept a signed response instead of signed assertions (the SP metadata says so). */
    samlAcceptSignedResponse: boolean('saml_accept_signed_response').notNull().default(false),
    /** When the metadata URL was last read (at save, or by the daily refresh), and why it failed. */
    samlMetadataCheckedAt: ts('saml_metadata_checked_at'),
    samlMetadataError: text('saml_metadata_error'),
    updatedAt: updatedAt(),
    updatedBy: ref('updated_by'),
  },
  (t) => [check('sso_configs_protocol_check', sql`${t.protocol} in ('OIDC', 'SAML2')`)],
);

/**
 * A single sign-on (or third-party) flow between its start and the identity provider's answer:
 * single use, short-lived. The state and the SAML request id are stored as digests; the PKCE
 * verifier and nonce are sealed. A test flow carries the (unsaved) configuration it tests, sealed.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    id: id(),
    stateHash: bytea('state_hash').notNull(),
    kind: text('kind', { enum: ['login', 'test', 'bind', 'third_party_login'] }).notNull(),
    protocol: text('protocol').notNull(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The user binding a third-party identity, or the administrator running a test. */
    userId: ref('user_id'),
    /** Sealed JSON: PKCE verifier, nonce, SAML request id, the tested configuration. */
    secrets: text('secrets').notNull(),
    /** SHA-256 of the SAML AuthnRequest id (InResponseTo). */
    requestIdHash: bytea('request_id_hash'),
    /** Allowed fallback URL or console path to open after success. */
    returnTo: text('return_to'),
    /** Digest of the browser binding cookie (OpenID and OAuth flows). */
    browserHash: bytea('browser_hash'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    uniqueIndex('sso_flows_state_key').on(t.stateHash),
    uniqueIndex('sso_flows_request_id_key').on(t.requestIdHash),
    index('sso_flows_expires_idx').on(t.expiresAt),
  ],
);

/** SAML assertion ids already accepted, kept until the assertion expires: a replay fails. */
export const ssoAssertionIds = pgTable(
  'sso_assertion_ids',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    assertionIdHash: bytea('assertion_id_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.assertionIdHash] }),
    index('sso_assertion_ids_expires_idx').on(t.expiresAt),
  ],
);

/** Third-party sign-in of an account (workplace messaging): on or off, set by an administrator. */
export const thirdPartySettings = pgTable('third_party_settings', {
  accountId: ref('account_id')
    .primaryKey()
    .references(() => accounts.id),
  loginEnabled: boolean('login_enabled').notNull().default(false),
  updatedAt: updatedAt(),
  updatedBy: ref('updated_by'),
});

/** A user's bound third-party identity: one per provider and user, one user per identity. */
export const thirdPartyBindings = pgTable(
  'third_party_bindings',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    externalName: text('external_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('third_party_bindings_user_key').on(t.userId, t.provider),
    uniqueIndex('third_party_bindings_subject_key').on(t.accountId, t.provider, t.subject),
  ],
);

/**
 * The service catalogue: reference data seeded by a migration and changed by operators with the
 * `catalogue` command (no code change). `id` is the product kind of spec section 3.
 */
export const services = pgTable('services', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionZh: text('description_zh').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  isEnabled: boolean('is_enabled').notNull().default(true),
});

export const serviceVersions = pgTable(
  'service_versions',
  {
    id: id(),
    serviceId: smallint('service_id')
      .notNull()
      .references(() => services.id),
    code: text('code', { enum: ['trial', 'formal'] }).notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    trialDays: integer('trial_days'),
    /** Most Insight users enabled at once; null: no limit. */
    userLimit: integer('user_limit'),
    sort: integer('sort').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('service_versions_key').on(t.serviceId, t.code)],
);

/** Cloud service providers. */
export const csps = pgTable('csps', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
  isEnabled: boolean('is_enabled').notNull().default(true),
});

export const regions = pgTable(
  'regions',
  {
    id: id(),
    csp: text('csp')
      .notNull()
      .references(() => csps.code),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Offered only to accounts carrying this tag key (`account_tags`); null: to every account. */
    requiredTag: text('required_tag'),
  },
  (t) => [uniqueIndex('regions_key').on(t.csp, t.code)],
);

/** Which regions offer which service. */
export const serviceRegions = pgTable(
  'service_regions',
  {
    serviceId: smallint('service_id')
      .notNull()
      .references(() => services.id),
    regionId: ref('region_id')
      .notNull()
      .references(() => regions.id),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.regionId] })],
);

/** Tags the platform operator puts on an account (`/tag/getAccountTags`). */
export const accountTags = pgTable(
  'account_tags',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

/**
 * A service instance of an account: one live instance (not closed) per service and region. The
 * provisioning job drives `status` from opening (0) to opened (1) or openFailed (2); the
 * provisioner's operation id makes the platform call idempotent across retries and replicas.
 */
export const instances = pgTable(
  'instances',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    serviceId: smallint('service_id')
      .notNull()
      .references(() => services.id),
    versionId: ref('version_id')
      .notNull()
      .references(() => serviceVersions.id),
    regionId: ref('region_id')
      .notNull()
      .references(() => regions.id),
    /** 8 random lowercase letters and digits, unique across the platform. */
    instanceName: text('instance_name').notNull(),
    /** -1 closed, 0 opening, 1 opened, 2 openFailed, 3 hidden. */
    status: smallint('status').notNull().default(0),
    url: text('url'),
    failReason: text('fail_reason'),
    /** The provisioner's operation of the current opening attempt. */
    operationId: text('operation_id'),
    /** Opening attempts so far (a retry starts a new one). */
    attempt: integer('attempt').notNull().default(1),
    /** An opening attempt still running after this becomes openFailed (`timeout`). */
    deadlineAt: ts('deadline_at'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    openedAt: ts('opened_at'),
    closedAt: ts('closed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('instances_name_key').on(t.instanceName),
    uniqueIndex('instances_live_key').on(t.accountId, t.serviceId, t.regionId).where(sql`${t.status} <> -1`),
    index('instances_account_idx').on(t.accountId, t.createdAt),
    index('instances_opening_idx').on(t.deadlineAt).where(sql`${t.status} = 0`),
    check('instances_status_check', sql`${t.status} in (-1, 0, 1, 2, 3)`),
  ],
);

/**
 * Share links of a Lakehouse job's execution profile (spec route `/share/jobProfile`). The link's
 * token reaches this one job of this one instance and nothing else; only its digest is kept.
 */
export const jobProfileShares = pgTable(
  'job_profile_shares',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    instanceId: ref('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    jobId: text('job_id').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastOpenedAt: ts('last_opened_at'),
    openCount: integer('open_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('job_profile_shares_token_key').on(t.tokenHash),
    index('job_profile_shares_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * What each instance must know about each user of the account (its status there) and what it
 * has applied: `desired_version` grows with every change, the sync job brings `synced_version` up.
 */
export const instanceUserSync = pgTable(
  'instance_user_sync',
  {
    instanceId: ref('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: ref('account_id').notNull(),
    desired: text('desired', { enum: ['enabled', 'disabled', 'deleted'] }).notNull(),
    desiredVersion: integer('desired_version').notNull().default(1),
    syncedVersion: integer('synced_version').notNull().default(0),
    lastError: text('last_error'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    index('instance_user_sync_user_idx').on(t.accountId, t.userId),
    index('instance_user_sync_pending_idx')
      .on(t.instanceId)
      .where(sql`${t.syncedVersion} < ${t.desiredVersion}`),
  ],
);

/**
 * The development platform's own records, for its stand-in (decision 0013) and never a real
 * system's: the workspaces a user belongs to on an instance, with its role in each, and how many
 * scheduled tasks, sync tasks and table-permission approvals it owns there. Only the demo seed
 * writes them and only the development provisioner reads them, so a user the console creates
 * later belongs to no workspace and owns nothing, as on the real platform.
 */
export const devPlatformHoldings = pgTable(
  'dev_platform_holdings',
  {
    instanceId: ref('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspaces, each with the user's role there (a platform role code or a custom role's name). */
    workspaces: jsonb('workspaces')
      .$type<{ name: string; role: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    scheduledTasks: integer('scheduled_tasks').notNull().default(0),
    syncTasks: integer('sync_tasks').notNull().default(0),
    permissionApprovals: integer('permission_approvals').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    check(
      'dev_platform_holdings_counts_check',
      sql`${t.scheduledTasks} >= 0 and ${t.syncTasks} >= 0 and ${t.permissionApprovals} >= 0`,
    ),
  ],
);

/** Insight's own user roles (reference data). */
export const insightRoles = pgTable('insight_roles', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/**
 * A user's Insight status on the account's Insight instance (spec section 3): enabling goes
 * through USER_STARTING (0), disabling through USER_STOPING (3); the Insight job settles both.
 */
export const insightUsers = pgTable(
  'insight_users',
  {
    instanceId: ref('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: ref('account_id').notNull(),
    status: smallint('status').notNull(),
    role: text('role').references(() => insightRoles.code),
    failReason: text('fail_reason'),
    /** Grows with every change asked for: the Insight job settles only the change it applied. */
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    index('insight_users_account_idx').on(t.accountId, t.status),
    check('insight_users_status_check', sql`${t.status} between -1 and 5`),
  ],
);

// ---------------------------------------------------------------------------------------------
// billing (money is integer fen; quantities and unit prices are exact decimals, never floats)

const fen = (name: string) => bigint(name, { mode: 'number' });
const decimal = (name: string) => numeric(name, { precision: 24, scale: 6 });

/**
 * Billable SKUs with their list price (reference data, seeded by a migration). `field` names the
 * amount of the billing record (spec section 3) the SKU adds to, beside its category's total.
 */
export const skus = pgTable('skus', {
  code: text('code').primaryKey(),
  category: text('category', { enum: ['compute', 'storage', 'network', 'ai'] }).notNull(),
  field: text('field'),
  /** The service the SKU belongs to (voucher product scope). */
  serviceId: smallint('service_id')
    .notNull()
    .references(() => services.id),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** CRU-hour, GiB-day, GB, 1K tokens. */
  unit: text('unit').notNull(),
  /** List price in fen per unit (exact decimal). */
  unitPriceFen: decimal('unit_price_fen').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Per-account discount: a rate (0.8 = 20% off) for one SKU category, or for all (`category` '*'). */
export const accountDiscounts = pgTable(
  'account_discounts',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    category: text('category').notNull(),
    rate: numeric('rate', { precision: 6, scale: 4 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.category] }),
    check('account_discounts_rate_check', sql`${t.rate} > 0 and ${t.rate} <= 1`),
  ],
);

/** The account's money: cash and what usage left unpaid (arrears). */
export const funds = pgTable(
  'funds',
  {
    accountId: ref('account_id')
      .primaryKey()
      .references(() => accounts.id),
    cashFen: fen('cash_fen').notNull().default(0),
    outstandingFen: fen('outstanding_fen').notNull().default(0),
    /** When the outstanding amount last went from 0 to more. */
    arrearsSince: ts('arrears_since'),
    updatedAt: updatedAt(),
  },
  (t) => [check('funds_non_negative', sql`${t.cashFen} >= 0 and ${t.outstandingFen} >= 0`)],
);

/**
 * One usage record (PRODUCT-FACTS "Funds and billing"): one SKU over one period for one instance
 * and workspace, rated and deducted when it arrived. `record_id` is the sender's: a record sent
 * again changes nothing.
 */
/**
 * Rated usage records. The migration (0014) makes this table partitioned by RANGE of `bill_day`,
 * one partition a billing month (`usage_records_YYYY_MM`, made ahead by the billing jobs and on
 * demand by the ingestion); drizzle cannot express PARTITION BY. The primary key includes the
 * partition key, as a partitioned table's unique indexes must; record ids are kept unique in
 * `usage_record_keys`.
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    recordId: text('record_id').notNull(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    instanceId: ref('instance_id')
      .notNull()
      .references(() => instances.id),
    regionId: ref('region_id').notNull(),
    skuCode: text('sku_code')
      .notNull()
      .references(() => skus.code),
    workspace: text('workspace').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    /** The day (UTC+8, the platform's billing day) the period ends on. */
    billDay: date('bill_day', { mode: 'string' }).notNull(),
    quantity: decimal('quantity').notNull(),
    unitPriceFen: decimal('unit_price_fen').notNull(),
    discountRate: numeric('discount_rate', { precision: 6, scale: 4 }).notNull(),
    /** Original amount (list price), discounted amount, and how it was paid. */
    amountFen: fen('amount_fen').notNull(),
    discountedFen: fen('discounted_fen').notNull(),
    voucherFen: fen('voucher_fen').notNull(),
    cashFen: fen('cash_fen').notNull(),
    outstandingFen: fen('outstanding_fen').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.billDay, t.id] }),
    index('usage_records_account_day_idx').on(t.accountId, t.billDay),
  ],
);

/**
 * Every usage record id received, once (written with the record, in the ingesting transaction):
 * a record resent, even with another period and so another month, is recognised and changes
 * nothing.
 */
export const usageRecordKeys = pgTable('usage_record_keys', {
  recordId: text('record_id').primaryKey(),
  billDay: date('bill_day', { mode: 'string' }).notNull(),
});

/**
 * Daily rollup of usage per account, day, instance, workspace and SKU: summaries, details and
 * statements read these, never the raw records. Written in the ingesting transaction.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    accountId: ref('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    instanceId: ref('instance_id').notNull(),
    workspace: text('workspace').notNull(),
    skuCode: text('sku_code').notNull(),
    quantity: decimal('quantity').notNull(),
    amountFen: fen('amount_fen').notNull(),
    discountedFen: fen('discounted_fen').notNull(),
    voucherFen: fen('voucher_fen').notNull(),
    cashFen: fen('cash_fen').notNull(),
    outstandingFen: fen('outstanding_fen').notNull(),
    records: integer('records').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.instanceId, t.workspace, t.skuCode] })],
);

/**
 * The account's daily sums per SKU, whatever the instance or workspace: `usage_daily` summed
 * once more, written by the same ingestion statement. The unfiltered bill (`/count` for a year)
 * reads about 16 rows a day here instead of one per instance, workspace and SKU.
 */
export const usageAccountDaily = pgTable(
  'usage_account_daily',
  {
    accountId: ref('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    skuCode: text('sku_code').notNull(),
    quantity: decimal('quantity').notNull(),
    amountFen: fen('amount_fen').notNull(),
    discountedFen: fen('discounted_fen').notNull(),
    voucherFen: fen('voucher_fen').notNull(),
    cashFen: fen('cash_fen').notNull(),
    outstandingFen: fen('outstanding_fen').notNull(),
    records: integer('records').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.skuCode] }),
    /** The back office's consumption and active accounts per day. */
    index('usage_account_daily_day_idx').on(t.day),
  ],
);

/** Vouchers issued by the platform: spent before cash, earliest expiry first, within their scope. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    code: text('code').notNull(),
    /** Its name in each language (the operator's, or the platform's default), shown in the reader's. */
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    faceFen: fen('face_fen').notNull(),
    availableFen: fen('available_fen').notNull(),
    effectiveAt: ts('effective_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Service ids the voucher pays for; null: every service. */
    serviceIds: jsonb('service_ids').$type<number[] | null>(),
    /** Region ids the voucher pays in; null: every region. */
    regionIds: jsonb('region_ids').$type<number[] | null>(),
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    index('vouchers_account_idx').on(t.accountId, t.expiresAt),
    check('vouchers_amounts', sql`${t.availableFen} >= 0 and ${t.availableFen} <= ${t.faceFen}`),
  ],
);

/** What each voucher paid, per day, instance and SKU (`/deduction/list`). */
export const voucherDeductions = pgTable(
  'voucher_deductions',
  {
    voucherId: ref('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    accountId: ref('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    instanceId: ref('instance_id').notNull(),
    skuCode: text('sku_code').notNull(),
    amountFen: fen('amount_fen').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.voucherId, t.day, t.instanceId, t.skuCode] }),
    index('voucher_deductions_account_idx').on(t.accountId, t.day),
  ],
);

/**
 * Movements of the cash account: recharge (+), consumption (−, cash paying usage or arrears),
 * refund (−), cash account (operator adjustment, ±). `serial_no` is unique and shown to users.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type', { enum: ['recharge', 'consumption', 'refund', 'cash'] }).notNull(),
    channel: text('channel', { enum: ['wechat', 'alipay', 'bank', 'balance', 'operator'] }).notNull(),
    /** Signed: + into the cash account, − out of it. */
    amountFen: fen('amount_fen').notNull(),
    balanceAfterFen: fen('balance_after_fen').notNull(),
    serialNo: text('serial_no').notNull(),
    /** The recharge order, remittance or day the movement belongs to. */
    reference: text('reference'),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transactions_serial_key').on(t.serialNo),
    index('transactions_account_idx').on(t.accountId, t.createdAt, t.id),
    /** The back office's top-ups per day. */
    index('transactions_recharge_created_idx').on(t.createdAt).where(sql`${t.type} = 'recharge'`),
  ],
);

/**
 * A top-up order with a payment provider. Credited once: the paid transition is a conditional
 * UPDATE (`status = 'pending'`), whatever the replays and concurrency of notifications.
 */
export const recharges = pgTable(
  'recharges',
  {
    id: text('id').primaryKey(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id'),
    channel: text('channel', { enum: ['wechat', 'alipay'] }).notNull(),
    amountFen: fen('amount_fen').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'closed', 'failed'] })
      .notNull()
      .default('pending'),
    /** The provider's QR code content (`code_url` / `qr_code`). */
    codeUrl: text('code_url'),
    providerTradeNo: text('provider_trade_no'),
    failReason: text('fail_reason'),
    notifyCount: integer('notify_count').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recharges_account_idx').on(t.accountId, t.createdAt),
    index('recharges_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('recharges_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/** Files users upload (transfer certificates, business licences): stored outside the database. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id'),
    purpose: text('purpose').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Where the storage adapter keeps it. */
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_account_idx').on(t.accountId, t.createdAt)],
);

/** A corporate bank transfer with its certificate, confirmed or rejected by an operator. */
export const remittances = pgTable(
  'remittances',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id'),
    amountFen: fen('amount_fen').notNull(),
    payerName: text('payer_name').notNull(),
    payerAccount: text('payer_account'),
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id),
    status: text('status', { enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('pending'),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    index('remittances_account_idx').on(t.accountId, t.createdAt),
    check('remittances_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/** Monthly statements, generated after each month closes (UTC+8). */
export const statements = pgTable(
  'statements',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    /** YYYY-MM. */
    month: text('month').notNull(),
    amountFen: fen('amount_fen').notNull(),
    discountedFen: fen('discounted_fen').notNull(),
    voucherFen: fen('voucher_fen').notNull(),
    cashFen: fen('cash_fen').notNull(),
    outstandingFen: fen('outstanding_fen').notNull(),
    generatedAt: ts('generated_at').notNull(),
  },
  (t) => [uniqueIndex('statements_account_month_key').on(t.accountId, t.month)],
);

/** Balance alerts of an account (spec sections 3 and 9). */
export const alertConfigs = pgTable('alert_configs', {
  accountId: ref('account_id')
    .primaryKey()
    .references(() => accounts.id),
  isLowBalanceEnabled: boolean('is_low_balance_enabled').notNull().default(true),
  lowBalanceFen: fen('low_balance_fen').notNull().default(5000),
  isSmartEnabled: boolean('is_smart_enabled').notNull().default(true),
  /** Days of average spend that trigger smart alerts. */
  smartDays: jsonb('smart_days').$type<number[]>().notNull().default([7, 5, 3, 1]),
  recipientUserIds: jsonb('recipient_user_ids').$type<number[]>().notNull().default([]),
  methods: jsonb('methods').$type<string[]>().notNull().default(['email']),
  webhookIds: jsonb('webhook_ids').$type<number[]>().notNull().default([]),
  updatedAt: updatedAt(),
  updatedBy: ref('updated_by'),
});

/** Which alert conditions are currently crossed: an alert is sent once per crossing. */
export const alertStates = pgTable(
  'alert_states',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    /** low, smart7, smart5, smart3, smart1. */
    kind: text('kind').notNull(),
    isActive: boolean('is_active').notNull(),
    changedAt: ts('changed_at').notNull(),
    firedAt: ts('fired_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind] })],
);

/** Webhooks of an account (spec sections 3 and 5). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    /** Push channel: generic JSON, or a messaging robot's format. */
    channel: text('channel').notNull().default('custom'),
    /** JSON template with the `${alertMessage}` placeholder. */
    paramsTemplate: text('params_template').notNull(),
    successKey: text('success_key').notNull(),
    successValue: text('success_value').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** How deliveries are signed: none, standard (Standard Webhooks headers), dingtalk (URL), feishu (body). */
    signingMode: text('signing_mode', { enum: ['none', 'standard', 'dingtalk', 'feishu'] })
      .notNull()
      .default('none'),
    /** The signing secret, sealed with the server key; null when none is set. */
    signingSecret: text('signing_secret'),
    /** When the signing secret was last set, generated or rotated. */
    secretUpdatedAt: ts('secret_updated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhooks_account_name_key').on(t.accountId, t.name),
    check('webhooks_signing_mode_check', sql`${t.signingMode} in ('none', 'standard', 'dingtalk', 'feishu')`),
  ],
);

/** Every webhook delivery with its outcome; retried with backoff by the delivery job. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: ref('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    accountId: ref('account_id').notNull(),
    /** alert, test. */
    kind: text('kind').notNull(),
    /**
     * The delivery's stable id (`webhook-id`, `msg_…`): set before the first attempt and the same
     * in every attempt, so a receiver can tell a resent delivery from a new one.
     */
    messageId: text('message_id').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    uniqueIndex('webhook_deliveries_message_id_key').on(t.messageId),
    /** The back office's failing deliveries: given up, or pending after a failed attempt. */
    index('webhook_deliveries_failing_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed' or (${t.status} = 'pending' and ${t.attempts} > 0)`),
  ],
);

/** Signatures of machine calls (usage batches, payment notifications) already accepted: a replay fails. */
export const hookReplays = pgTable(
  'hook_replays',
  {
    digest: bytea('digest').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('hook_replays_expires_idx').on(t.expiresAt)],
);

/**
 * Real-name verifications: personal (name, resident ID, face check) or enterprise. Personal data
 * (names, ID numbers, bank accounts) is sealed in `sealed_data`; only masks are kept in clear.
 */
export const certifications = pgTable(
  'certifications',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: ref('user_id'),
    type: text('type', { enum: ['personal', 'enterprise'] }).notNull(),
    status: text('status', { enum: ['verifying', 'passed', 'failed'] }).notNull(),
    /** Enterprise: the provider's check result. */
    result: text('result'),
    /** Personal: the face check's error. */
    faceError: text('face_error'),
    /** Waiting for, or decided by, an operator. */
    manualReview: boolean('manual_review').notNull().default(false),
    reason: text('reason'),
    personNameMask: text('person_name_mask'),
    idNumberMask: text('id_number_mask'),
    companyName: text('company_name'),
    creditCode: text('credit_code'),
    legalPersonNameMask: text('legal_person_name_mask'),
    legalPersonIdMask: text('legal_person_id_mask'),
    bankAccountMask: text('bank_account_mask'),
    bankName: text('bank_name'),
    licenseFileId: text('license_file_id'),
    /** The secret box's sealing of the personal data (JSON). */
    sealedData: text('sealed_data').notNull(),
    /** The provider's reference of the check. */
    providerRef: text('provider_ref'),
    decidedBy: text('decided_by'),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('certifications_account_idx').on(t.accountId, t.createdAt),
    index('certifications_pending_idx').on(t.status, t.manualReview),
    /** The back office's account search by company or credit code (pg_trgm). */
    index('certifications_ops_search_trgm_idx').using(
      'gin',
      sql`(lower(coalesce(${t.companyName}, '') || ' ' || coalesce(${t.creditCode}, ''))) gin_trgm_ops`,
    ),
  ],
);

/** A face check a QR code opens on a phone: the token is kept as a digest. */
export const faceSessions = pgTable(
  'face_sessions',
  {
    id: id(),
    certificationId: ref('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    accountId: ref('account_id').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    /** The provider's session id (the development liveness page's address names it). */
    providerSessionId: text('provider_session_id').notNull(),
    status: text('status', { enum: ['waiting', 'passed', 'failed'] })
      .notNull()
      .default('waiting'),
    errorCode: text('error_code'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('face_sessions_token_key').on(t.tokenHash),
    uniqueIndex('face_sessions_provider_key').on(t.providerSessionId),
  ],
);

/** Verification attempts of an account per (UTC) day, for CERTIFICATION_ATTEMPTS_PER_DAY. */
export const certificationAttempts = pgTable(
  'certification_attempts',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/**
 * The operators of the platform's back office (decision 0047): people of the platform, not users of
 * any account. Passwords hashed like users'; the authenticator secret sealed with the server key.
 */
export const operators = pgTable(
  'operators',
  {
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['owner', 'support', 'reviewer', 'finance', 'auditor'] }).notNull(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /** A one-time password (from operator-create) that the first sign-in must replace. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** The enrolled authenticator secret, sealed; null until enrolled (or after a reset). */
    totpSecret: text('totp_secret'),
    /** An authenticator being enrolled, sealed, until its first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is usable once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Consecutive failed sign-in steps; five pause sign-in until `lockedUntil`. */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
    lastSignInAt: ts('last_sign_in_at'),
  },
  (t) => [uniqueIndex('operators_username_key').on(t.username)],
);

/**
 * The back office's sessions, apart from the customers': the token's SHA-256 only. `stage` is the
 * sign-in step a session is good for (`setup`, `totp`) until it is a full one (`operator`).
 */
export const opsSessions = pgTable(
  'ops_sessions',
  {
    id: id(),
    tokenHash: bytea('token_hash').notNull(),
    operatorId: ref('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['setup', 'totp', 'operator'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** Absolute end of the session (or of the sign-in step). */
    expiresAt: ts('expires_at').notNull(),
    /** When the second factor was last proven in this session (step-up). */
    secondFactorAt: ts('second_factor_at'),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('ops_sessions_token_hash_key').on(t.tokenHash),
    index('ops_sessions_operator_idx').on(t.operatorId),
  ],
);

/**
 * Operators' passkeys (decision 0050): WebAuthn credentials whose relying party is the back
 * office's own origin (`OPS_ORIGIN`), apart from the customers' `passkeys`.
 */
export const operatorPasskeys = pgTable(
  'operator_passkeys',
  {
    id: id(),
    operatorId: ref('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter; 0 for authenticators that keep none. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** `singleDevice` or `multiDevice` (synced), and whether it is backed up. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    aaguid: text('aaguid'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [
    uniqueIndex('operator_passkeys_credential_id_key').on(t.credentialId),
    index('operator_passkeys_operator_idx').on(t.operatorId),
  ],
);

/**
 * Operators' WebAuthn challenges between their options and the answer: single use, five minutes,
 * digests only, each bound to the ops session (sign-in step or full session) that asked for it.
 */
export const operatorWebauthnChallenges = pgTable(
  'operator_webauthn_challenges',
  {
    id: id(),
    challengeHash: bytea('challenge_hash').notNull(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'step_up'] }).notNull(),
    operatorId: ref('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    sessionId: ref('session_id')
      .notNull()
      .references(() => opsSessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    uniqueIndex('operator_webauthn_challenges_hash_key').on(t.challengeHash),
    index('operator_webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

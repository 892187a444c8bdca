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
  index,
  integer,
  jsonb,
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
    /** Trial days added by activation codes, on top of the 30 of the trial period. */
    trialExtensionDays: integer('trial_extension_days').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('accounts_display_name_key').on(sql`lower(${t.displayName})`),
    uniqueIndex('accounts_registration_phone_key').on(t.registrationPhone),
    uniqueIndex('accounts_registration_email_key').on(t.registrationEmail),
    check('accounts_type_check', sql`${t.type} between 0 and 3`),
    check('accounts_status_check', sql`${t.status} between 0 and 4`),
  ],
);

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
    /** Deleted users whose recovery period ends (retention). */
    index('users_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
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
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
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

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
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
  },
  (t) => [
    uniqueIndex('audit_entries_chain_idx').on(sql`coalesce(${t.accountId}, 0)`, t.seq),
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
    /** Free-text search of the audit log (pg_trgm); the expression is `auditSearchText`'s. */
    index('audit_entries_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.action} || ' ' || coalesce(${t.objectName}, '') || ' ' || coalesce(${t.objectId}, '') || ' ' || coalesce(${t.username}, '') || ' ' || coalesce(${t.ip}, '') || ' ' || coalesce(${t.requestId}, '') || ' ' || ${t.info}::text)) gin_trgm_ops`,
    ),
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

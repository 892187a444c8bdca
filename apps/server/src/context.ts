/** What every part of the server is handed: configuration, database, clock and shared services. */
import type { TLanguage } from '@console/contract/enums';
import type { TOpsRole } from '@console/contract/ops';
import type { TIdentityProvider } from './adapters/identity';
import type { TMailer } from './adapters/mail';
import type { TMarketplace } from './adapters/marketplace';
import type { TPayments } from './adapters/payments/payments';
import type { TProvisioner } from './adapters/provisioner';
import type { TSmsSender } from './adapters/sms';
import type { TStorage } from './adapters/storage';
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/client';
import type { TClock } from './lib/clock';
import type { TPasswordHasher } from './lib/password-hasher';
import type { TSecretBox } from './lib/secret-box';

export type TDeps = {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  /**
   * Reads that may lag the primary by moments: historic lists (audit log, bill details,
   * statements) and their exports. A replica when DATABASE_READ_URL is set, else `db`.
   */
  readDb: TDb;
  clock: TClock;
  hasher: TPasswordHasher;
  secrets: TSecretBox;
  rsaKeys: TRsaKeyStore;
  /** null: no SMTP configured (development: the outbox only). */
  mailer: TMailer | null;
  /** null: no SMS provider configured (development: the outbox only). */
  sms: TSmsSender | null;
  marketplace: TMarketplace;
  /** The platform behind the service instances (opening, user sync, Insight users, workspaces). */
  provisioner: TProvisioner;
  /** WeChat Pay and Alipay (or their development stand-ins). */
  payments: TPayments;
  /** Uploaded files. */
  storage: TStorage;
  /** Real-name verification's provider (or its development stand-in). */
  identity: TIdentityProvider;
};

/** An RSA key pair's public side, as challenges hand it to clients. */
export type TPublicKey = { id: number; publicKey: string; rotatesAt: Date };

/**
 * The RSA-OAEP keys under which clients encrypt the codes they send. The MFA module keeps them in
 * its tables and implements the store (`modules/mfa/rsa-keys.ts`); the composition (deps.ts) hands
 * it to every part that takes a code.
 */
export type TRsaKeyStore = {
  /** The key new challenges use, made when there is none or it has rotated. */
  active(): Promise<TPublicKey>;
  /** The public key (base64 SPKI DER) of key `keyId`. */
  publicKey(keyId: number): Promise<string>;
  /** Decrypts a code the client encrypted with key `keyId`; 4092 when it cannot. */
  decrypt(keyId: number, ciphertext: string): Promise<string>;
};

/** Where an operator command writes its lines. */
export type TCliOutput = { out(line: string): void; err(line: string): void };

/**
 * What an operator command is handed: the configuration, and the server's dependencies (database
 * opened and migrated) for the commands that need them; commands that only sign or print never
 * open the database.
 */
export type TCliContext = {
  config: TConfig;
  withDeps<T>(work: (deps: TDeps) => Promise<T>): Promise<T>;
};

/** An operator command set of a module: the commands it answers, and how it runs one. */
export type TCliCommands = {
  commands: readonly string[];
  run(context: TCliContext, command: string, args: readonly string[], io: TCliOutput): Promise<number>;
};

/** Where a request came from, for audit entries and logs. */
export type TRequestMeta = { ip: string | null; userAgent: string | null; requestId: string | null };

/** The signed-in caller of a request. */
export type TAuth = {
  sessionId: number;
  userId: number;
  accountId: number;
  username: string;
  isAdmin: boolean;
  /** How the token arrived: a bearer header or the session cookie. */
  via: 'bearer' | 'cookie';
  /**
   * Set when the caller is an identity provider's SCIM client (decision 0031), not a user: then
   * `userId` and `sessionId` are 0 and the audit entries name the token as the actor.
   */
  scimClient?: { tokenId: number; name: string };
};

/**
 * Turns a session token into its caller, or throws the code that ends it: the auth module's, handed
 * to the HTTP layer by the app (so that http/ does not depend on a module).
 */
export type TAuthenticate = (
  deps: TDeps,
  token: string,
  via: TAuth['via'],
  meta: { ip: string | null; requestId: string | null },
) => Promise<TAuth>;

/** The caller of a back-office request (decision 0047): an operator's session at some stage. */
export type TOpsAuth = {
  sessionId: number;
  operatorId: number;
  username: string;
  role: TOpsRole;
  /** `operator`: signed in; `setup` and `totp`: a sign-in step that is good for that step only. */
  stage: 'setup' | 'totp' | 'operator';
  /** When the second factor was last proven in this session; null during the sign-in steps. */
  secondFactorAt: Date | null;
  expiresAt: Date;
  via: 'bearer' | 'cookie';
};

/**
 * Turns a back-office token into its operator, or throws 401: the operator module's, handed to the
 * ops listener by the composition (app.ts).
 */
export type TOpsAuthenticate = (
  deps: TDeps,
  token: string,
  via: TOpsAuth['via'],
  meta: { ip: string | null; requestId: string | null },
) => Promise<TOpsAuth>;

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    deps: TDeps;
    authenticate: TAuthenticate;
    /** Set on the back office's listener only. */
    opsAuthenticate: TOpsAuthenticate;
  }
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyRequest {
    lang: TLanguage;
    auth: TAuth | null;
    /** The operator of a back-office request (ops listener only). */
    opsAuth: TOpsAuth | null;
    /** The body as received, for signed machine calls (`/api/hooks/...`). */
    rawBody: string | undefined;
  }
}

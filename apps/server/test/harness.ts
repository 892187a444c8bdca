/**
 * Test harness: a freshly migrated database per test file — a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL when it is set (CI), copied from the run's migrated template
 * (test/global-setup.ts), otherwise an in-memory PGlite — and the application built on it with a
 * manual clock.
 */
import { randomBytes } from 'node:crypto';
import { routes, type TRouteId, type TUsageBatchResult } from '@console/contract';
import { ClientHeader, ClientHeaderValue, SessionCookie } from '@console/contract/enums';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, buildOpsApp, type TAppOptions } from '../src/app';
import { loadConfig, type TConfig } from '../src/config';
import type { TDeps } from '../src/context';
import { openDatabase, rowsOf, type TDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { captchas, sessions } from '../src/db/schema';
import { closeDeps, createDeps } from '../src/deps';
import { createManualClock } from '../src/lib/clock';
import { sha256 } from '../src/lib/tokens';
import { createAccountWithRoles } from '../src/modules/account/account.repository';
import { insertAuditEntry } from '../src/modules/audit/audit.repository';
import { signUsage } from '../src/modules/billing/usage/usage-hook';
import { markAllUsersForSync } from '../src/modules/service';
import { newInstanceName } from '../src/modules/service/service.service';
import { grantRole, insertUser } from '../src/modules/user/user.repository';
import { openSecretCapture } from './secret-capture';

/** `url`: the database's address on the PostgreSQL server (null for PGlite, which lives in this process). */
export type TTestDatabase = { database: TDatabase; url: string | null; drop(): Promise<void> };

export async function createTestDatabase(): Promise<TTestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ url: null, dataDir: null });
    await migrate(database.db);
    return { database, url: null, drop: () => database.close() };
  }
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  // The migrated template of the run; without one (a run without the global setup), an empty
  // database migrated here.
  const template = inject('testTemplateDatabase');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  // A test database is thrown away: its commits need not wait for the disk (often the slowest part
  // of a statement on a test machine); what is committed is the same.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 5 });
  if (!template) await migrate(database.db);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TTestApp = {
  app: FastifyInstance;
  deps: TDeps;
  clock: ReturnType<typeof createManualClock>;
  /** The test database's address for another process (null on PGlite). */
  databaseUrl: string | null;
  /**
   * The back office's app (the ops listener's) on the same dependencies, built on first use and
   * closed with the test app; its logs and answers go to the same secrets capture.
   */
  opsApp(): Promise<FastifyInstance>;
  close(): Promise<void>;
};

/**
 * Tests sign in and check codes many times from one inject address (127.0.0.1): the limits per
 * client address (decision 0012) stay out of their way unless a test sets its own (`env`).
 */
export const generousAddressLimits = {
  ADDRESS_CAPTCHA_AFTER_FAILURES: '10000',
  ADDRESS_BLOCK_AFTER_FAILURES: '100000',
};

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<TConfig>;
    webDir?: string;
    logger?: TAppOptions['logger'];
    deps?: Partial<TDeps>;
  } = {},
): Promise<TTestApp> {
  const { database, url: databaseUrl, drop } = await createTestDatabase();
  const config = {
    ...loadConfig({ DEMO: '0', JOBS: '0', ...generousAddressLimits, ...options.env }),
    ...options.config,
  };
  const clock = createManualClock(new Date('2026-11-01T08:00:00Z'));
  const deps = createDeps(config, database, clock, options.deps);
  const capture = options.logger === undefined ? openSecretCapture(process.env.SECRET_CAPTURE_DIR) : null;
  const app = await buildApp(deps, {
    webDir: options.webDir ?? null,
    logger: options.logger ?? capture?.logger ?? false,
  });
  capture?.attach(app);
  await app.ready();
  let ops: Promise<FastifyInstance> | null = null;
  const opsApp = async () => {
    const built = await buildOpsApp(deps, { logger: options.logger ?? capture?.logger ?? false });
    capture?.attach(built);
    await built.ready();
    return built;
  };
  return {
    app,
    deps,
    clock,
    databaseUrl,
    opsApp: () => {
      ops ??= opsApp();
      return ops;
    },
    close: async () => {
      await app.close();
      if (ops) await (await ops).close();
      await closeDeps(deps);
      await drop();
      await capture?.close();
    },
  };
}

export type TSeededUser = { id: number; username: string; password: string };
export type TSeededAccount = {
  id: number;
  name: string;
  admin: TSeededUser;
  member: TSeededUser;
  roleIds: { account_admin: number; account_member: number };
};

/** An account with an administrator and an ordinary member. */
export async function seedAccount(
  deps: TDeps,
  name: string,
  options: { type?: number; createdAt?: Date } = {},
): Promise<TSeededAccount> {
  const { accountId, roleIds } = await createAccountWithRoles(deps.db, {
    name,
    displayName: name,
    type: options.type ?? 2,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  const adminPassword = 'Admin@2026pass';
  const memberPassword = 'Member@2026pass';
  const adminId = await insertUser(deps.db, {
    accountId,
    username: `admin_${name}`,
    passwordHash: await deps.hasher.hash(adminPassword),
    phone: '13800000000',
    email: `admin@${name}.example`,
  });
  await grantRole(deps.db, accountId, adminId, roleIds.account_admin, null);
  const memberId = await insertUser(deps.db, {
    accountId,
    username: `member_${name}`,
    passwordHash: await deps.hasher.hash(memberPassword),
  });
  await grantRole(deps.db, accountId, memberId, roleIds.account_member, null);
  return {
    id: accountId,
    name,
    admin: { id: adminId, username: `admin_${name}`, password: adminPassword },
    member: { id: memberId, username: `member_${name}`, password: memberPassword },
    roleIds,
  };
}

export type TEnvelope<T = unknown> = { code: number; message: string; data: T };

export function envelope<T = unknown>(res: LightMyRequestResponse): TEnvelope<T> {
  return res.json() as TEnvelope<T>;
}

export async function login(
  app: FastifyInstance,
  accountDisplayName: string,
  username: string,
  password: string,
  lang = 'en-US',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'cz-lang': lang },
    payload: { accountDisplayName, username, password },
  });
}

/** Signs in and answers the session token. */
export async function signIn(app: FastifyInstance, account: string, user: TSeededUser): Promise<string> {
  const res = await login(app, account, user.username, user.password);
  const body = envelope<{ token: string }>(res);
  if (body.code !== 0) throw new Error(`sign-in failed: ${body.code} ${body.message}`);
  return body.data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const cookie = (token: string, withClientHeader = true) => ({
  cookie: `${SessionCookie}=${token}`,
  ...(withClientHeader ? { [ClientHeader]: ClientHeaderValue } : {}),
});

/**
 * A session of the user made the way sign-in makes one (without a password check): answers its
 * token. For tests that need many sessions cheaply.
 */
export async function mintSession(deps: TDeps, accountId: number, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(sessions).values({
    tokenHash: sha256(token),
    accountId,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 24 * 3_600_000),
  });
  return token;
}

/** A captcha whose answer the test knows (the real ones exist only as pictures). */
export async function knownCaptcha(
  deps: TDeps,
  answer = 'wxyz',
): Promise<{ captchaId: string; captchaCode: string }> {
  const captchaId = randomBytes(8).toString('hex');
  const now = deps.clock.now();
  await deps.db.insert(captchas).values({
    id: captchaId,
    answerHash: deps.secrets.digest('captcha', captchaId, answer.toLowerCase()),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 300_000),
  });
  return { captchaId, captchaCode: answer };
}

/**
 * An opened instance of the account (default: Lakehouse, trial, aliyun cn-shanghai) whose users
 * are all synchronised already; answers its id.
 */
export async function seedOpenedInstance(
  deps: TDeps,
  accountId: number,
  options: {
    serviceId?: number;
    csp?: string;
    region?: string;
    version?: 'trial' | 'formal';
    /** Opened so many days before the clock's now (default: now; it has no history then). */
    openedDaysAgo?: number;
  } = {},
): Promise<number> {
  const serviceId = options.serviceId ?? 1;
  const now = deps.clock.now();
  const openedAt = new Date(now.getTime() - (options.openedDaysAgo ?? 0) * 86_400_000);
  const rows = rowsOf<{ id: number }>(
    await deps.db.execute(sql`
      insert into instances (account_id, service_id, version_id, region_id, instance_name, status, url,
                             created_at, opened_at, updated_at)
      select ${accountId}, ${serviceId}, v.id, r.id, ${newInstanceName()}, 1,
             'https://seeded.' || r.code || '.example.com', ${openedAt}, ${openedAt}, ${now}
        from service_versions v, regions r
       where v.service_id = ${serviceId} and v.code = ${options.version ?? 'trial'}
         and r.csp = ${options.csp ?? 'aliyun'} and r.code = ${options.region ?? 'cn-shanghai'}
      returning id`),
  );
  const id = Number(rows[0]?.id);
  await markAllUsersForSync(deps.db, id, accountId, now);
  await deps.db.execute(
    sql`update instance_user_sync set synced_version = desired_version where instance_id = ${id}`,
  );
  return id;
}

/**
 * Calls of the route table by id, as a signed-in user: GET payloads become the query, others the
 * JSON body. `ok` answers the data of a code-0 answer and throws on anything else.
 */
export function routeClient(
  appOf: () => FastifyInstance,
  defaultHeaders: Record<string, string> = { 'cz-lang': 'en-US' },
) {
  function call(
    id: TRouteId,
    token: string,
    payload: Record<string, unknown> = {},
    headers = defaultHeaders,
  ) {
    const route = routes[id];
    if (route.method === 'GET') {
      const qs = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
      return appOf().inject({
        method: 'GET',
        url: `${route.path}?${qs}`,
        headers: { ...bearer(token), ...headers },
      });
    }
    return appOf().inject({
      method: 'POST',
      url: route.path,
      headers: { ...bearer(token), ...headers },
      payload,
    });
  }
  async function ok<T>(
    id: TRouteId,
    token: string,
    payload: Record<string, unknown> = {},
    headers = defaultHeaders,
  ): Promise<T> {
    const body = envelope<T>(await call(id, token, payload, headers));
    if (body.code !== 0) throw new Error(`${id}: ${body.code} ${body.message} ${JSON.stringify(body.data)}`);
    return body.data;
  }
  return { call, ok };
}

/**
 * Sends usage records through the signed usage hook, signed at the test clock's time; answers the
 * batch's result and throws on an answer other than code 0.
 */
export async function postUsage(t: TTestApp, records: readonly unknown[]): Promise<TUsageBatchResult> {
  const body = JSON.stringify({ records });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/hooks/usage',
    headers: {
      'content-type': 'application/json',
      'x-cz-signature': signUsage(t.deps.config.billing.usageHookSecret, body, t.clock.now()),
    },
    payload: body,
  });
  const answer = envelope<TUsageBatchResult>(res);
  if (answer.code !== 0) throw new Error(`usage: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** Writes an audit entry of a robot user at the test clock's time (fields overridable). */
export async function writeAuditEntry(
  t: TTestApp,
  accountId: number,
  action: string,
  extra: Partial<Parameters<typeof insertAuditEntry>[1]> = {},
): Promise<void> {
  await insertAuditEntry(t.deps.db, {
    accountId,
    userId: null,
    username: 'robot',
    action,
    objectType: 'user',
    objectName: 'someone',
    isSuccess: true,
    createdAt: t.clock.now(),
    ...extra,
  });
}

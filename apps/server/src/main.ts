/**
 * Starts the console: configuration, database (PostgreSQL or the embedded PGlite), migrations,
 * demo data, background jobs, and the HTTP server; shuts down gracefully on SIGTERM and SIGINT.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adapterProviders, adapterStates, adapterTable, isDemonstration } from './adapters/registry';
import { buildApp, buildOpsApp, loggerOptions } from './app';
import { loadConfig } from './config';
import { ensureAuditPartitions } from './db/audit-partitions';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { closeDeps, createDeps } from './deps';
import { createJobRunner } from './jobs/runner';
import { systemClock } from './lib/clock';
import { auditRetentionJob, auditRetentionJobKind, scheduleAuditRetention } from './modules/audit/audit.jobs';
import { alertJobHandlers, scheduleAlertSweep } from './modules/billing/alerts/alerts.jobs';
import {
  billingJobHandlers,
  ensureUsagePartitions,
  scheduleBillingJobs,
} from './modules/billing/billing.jobs';
import { rechargeJobHandlers } from './modules/billing/recharge/recharge.jobs';
import { faceQueryJobHandlers } from './modules/certification/face-query.job';
import { opsWebDirOf } from './modules/ops-web/ops-web.routes';
import {
  createPasswordReminderJob,
  passwordReminderJobKind,
  schedulePasswordReminders,
} from './modules/password/password.jobs';
import { retentionJob, retentionJobKind, scheduleRetention } from './modules/retention/retention.jobs';
import { instanceJobHandlers } from './modules/service/service.jobs';
import {
  createSamlMetadataRefreshJob,
  samlMetadataRefreshJobKind,
  scheduleSamlMetadataRefresh,
} from './modules/sso/sso.jobs';
import { demoCredentialLines, seedDemo } from './seed/demo';

const here = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
    onPoolError: (error) => console.error('database connection error:', error.message),
  });
  const applied = await migrate(database.db);
  // Historic lists and exports read from the replica when one is configured (docs/scaling.md).
  const replica = config.databaseReadUrl
    ? await openDatabase({
        url: config.databaseReadUrl,
        dataDir: null,
        poolSize: config.databasePoolSize,
        preparedStatements: config.databasePreparedStatements,
        onPoolError: (error) => console.error('replica connection error:', error.message),
      })
    : null;
  const deps = createDeps(config, database, systemClock, replica ? { readDb: replica.db } : {});
  const webDir = config.webDir ?? resolve(here, '../../web/dist');
  const app = await buildApp(deps, {
    webDir,
    logger: loggerOptions(config.logLevel),
  });
  const log = app.log;
  if (applied.length > 0) log.info({ migrations: applied }, 'migrations applied');
  log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'database ready',
  );

  // This month's and the coming months' usage partitions exist before any usage arrives.
  await ensureUsagePartitions(deps);
  // The audit log's partitions of this month and the next (the retention job keeps them ahead).
  await ensureAuditPartitions(deps.db, deps.clock.now());
  const isSeededNow = config.demo ? await seedDemo(deps) : false;

  const runner = createJobRunner(
    deps,
    {
      [retentionJobKind]: retentionJob,
      [passwordReminderJobKind]: createPasswordReminderJob(log),
      [auditRetentionJobKind]: auditRetentionJob,
      [samlMetadataRefreshJobKind]: createSamlMetadataRefreshJob(log),
      ...instanceJobHandlers(log),
      ...alertJobHandlers(log),
      ...billingJobHandlers(),
      ...rechargeJobHandlers(log),
      ...faceQueryJobHandlers(log),
    },
    log,
    { pollMs: config.jobs.pollMs },
  );
  if (config.jobs.enabled) {
    await scheduleRetention(deps);
    await scheduleAuditRetention(deps);
    await schedulePasswordReminders(deps);
    await scheduleAlertSweep(deps);
    await scheduleBillingJobs(deps);
    await scheduleSamlMetadataRefresh(deps);
    runner.start();
  }

  await app.listen({ port: config.port, host: config.host });
  // The operators' back office: its own listener, only where OPS_PORT says (decision 0047).
  const opsApp = config.ops
    ? await buildOpsApp(deps, { logger: loggerOptions(config.logLevel), opsWebDir: opsWebDirOf(webDir) })
    : null;
  if (opsApp && config.ops) await opsApp.listen({ port: config.ops.port, host: config.ops.host });
  const address = `http://localhost:${config.port}`;
  const adapters = adapterStates(config);
  log.info({ adapters }, 'adapters');
  console.log(`\nAccount console (${config.edition} edition, ${config.deployMode}) on ${address}`);
  console.log(`API reference: ${address}/api/docs`);
  if (config.ops) {
    console.log(`Back office on http://${config.ops.host}:${config.ops.port} (API: /api/ops/openapi.json)`);
  }
  console.log(`\n${adapterTable(adapters, adapterProviders(config))}`);
  // Where uploads live (STORAGE): the folder, or the object store's bucket (never its keys).
  console.log(
    config.storage.kind === 's3'
      ? `uploads  s3  bucket ${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ` in ${config.storage.region}`}`
      : `uploads  folder  ${config.uploadDir}`,
  );
  if (config.isProduction && isDemonstration(config, adapters)) {
    console.log(
      '\nDemonstration installation (DEV_ADAPTERS=1): development stand-ins answer for the systems above; the console shows a banner.',
    );
  }
  console.log('');
  if (config.demo) {
    console.log(
      `Demo data ${isSeededNow ? 'created' : 'present'}; sign in with account, username and password:`,
    );
    for (const line of demoCredentialLines()) console.log(line);
    console.log('');
  }

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await runner.stop();
      await app.close();
      await opsApp?.close();
      await closeDeps(deps);
      await database.close();
      await replica?.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

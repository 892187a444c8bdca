/**
 * Builds the dependencies of the application from its configuration and database. Each adapter is
 * the configured system, a development stand-in (outside production, or on a demonstration
 * installation) or an unconfigured one that refuses with the feature's not-configured code.
 */

import { devHoldingsIn } from './adapters/dev-platform';
import { createDevIdentityProvider, createUnconfiguredIdentityProvider } from './adapters/identity';
import { createTencentIdentityProvider } from './adapters/identity-tencent';
import { createSmtpMailer } from './adapters/mail';
import {
  createAwsMarketplace,
  createDevMarketplace,
  createUnconfiguredMarketplace,
} from './adapters/marketplace';
import { createPayments } from './adapters/payments/payments';
import {
  createDevProvisioner,
  createHttpProvisioner,
  createUnconfiguredProvisioner,
} from './adapters/provisioner';
import { adapterStates } from './adapters/registry';
import { createS3Storage } from './adapters/s3-storage';
import { createSmsSender } from './adapters/sms';
import { createDirectoryStorage, type TStorage } from './adapters/storage';
import type { TConfig } from './config';
import type { TDeps } from './context';
import type { TDatabase } from './db/client';
import type { TClock } from './lib/clock';
import { createPasswordHasher } from './lib/password-hasher';
import { createSecretBox } from './lib/secret-box';
import { createRsaKeyStore } from './modules/mfa/rsa-keys';

export function createDeps(
  config: TConfig,
  database: TDatabase,
  clock: TClock,
  overrides: Partial<TDeps> = {},
): TDeps {
  const secrets = createSecretBox(config.secretKey);
  const adapters = adapterStates(config);
  const now = () => clock.now();
  const identity = config.identity;
  return {
    config,
    database,
    db: database.db,
    readDb: database.db,
    clock,
    hasher: createPasswordHasher(config.hashConcurrency, config.hashQueueMax),
    secrets,
    rsaKeys: createRsaKeyStore(database.db, clock, secrets),
    mailer: config.smtp.url
      ? createSmtpMailer(config.smtp.url, config.smtp.from, config.sendTimeoutMs)
      : null,
    sms: config.sms ? createSmsSender(config.sms) : null,
    marketplace: config.marketplace
      ? createAwsMarketplace(config.marketplace)
      : adapters.marketplace === 'development'
        ? createDevMarketplace(config.secretKey, now)
        : createUnconfiguredMarketplace(),
    provisioner: config.provisioning.url
      ? createHttpProvisioner({
          url: config.provisioning.url,
          token: config.provisioning.token ?? config.secretKey,
          timeoutMs: config.provisioning.requestTimeoutMs,
        })
      : adapters.provisioner === 'development'
        ? createDevProvisioner({
            delayMs: config.provisioning.devDelayMs,
            failureRate: config.provisioning.devFailureRate,
            insightDelayMs: config.provisioning.devInsightDelayMs,
            consoleUrl: config.publicUrl,
            now,
            holdings: devHoldingsIn(database.db),
          })
        : createUnconfiguredProvisioner(),
    payments: createPayments(config, now),
    storage: createStorage(config),
    identity: identity.tencent
      ? createTencentIdentityProvider({ ...identity.tencent, timeoutMs: identity.timeoutMs })
      : adapters.identity === 'development'
        ? createDevIdentityProvider(config.publicUrl)
        : createUnconfiguredIdentityProvider(),
    ...overrides,
  };
}

/** The folder, or the S3-compatible object store (`STORAGE=s3`). */
function createStorage(config: TConfig): TStorage {
  return config.storage.kind === 's3'
    ? createS3Storage(config.storage)
    : createDirectoryStorage(config.uploadDir);
}

/** Releases what the dependencies hold (worker threads, SMTP connections). */
export async function closeDeps(deps: TDeps): Promise<void> {
  deps.mailer?.close();
  deps.storage.close?.();
  await deps.hasher.close();
}

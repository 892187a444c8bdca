/** Builds the dependencies of the application from its configuration and database. */
import {
  createDevIdentityProvider,
  createHttpIdentityProvider,
  createUnconfiguredIdentityProvider,
} from './adapters/identity';
import { createSmtpMailer } from './adapters/mail';
import { createDevMarketplace, createHttpMarketplace } from './adapters/marketplace';
import { createPayments } from './adapters/payments/payments';
import { createDevProvisioner, createHttpProvisioner } from './adapters/provisioner';
import { createHttpSmsSender } from './adapters/sms';
import { createDirectoryStorage } from './adapters/storage';
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
  return {
    config,
    database,
    db: database.db,
    clock,
    hasher: createPasswordHasher(config.hashConcurrency, config.hashQueueMax),
    secrets,
    rsaKeys: createRsaKeyStore(database.db, clock, secrets),
    mailer: config.smtp.url
      ? createSmtpMailer(config.smtp.url, config.smtp.from, config.sendTimeoutMs)
      : null,
    sms: config.sms ? createHttpSmsSender(config.sms) : null,
    marketplace: config.marketplaceEndpoint
      ? createHttpMarketplace(config.marketplaceEndpoint)
      : createDevMarketplace(config.secretKey, () => clock.now()),
    provisioner: config.provisioning.url
      ? createHttpProvisioner({
          url: config.provisioning.url,
          token: config.provisioning.token ?? config.secretKey,
          timeoutMs: config.provisioning.requestTimeoutMs,
        })
      : createDevProvisioner({
          delayMs: config.provisioning.devDelayMs,
          failureRate: config.provisioning.devFailureRate,
          insightDelayMs: config.provisioning.devInsightDelayMs,
          now: () => clock.now(),
        }),
    payments: createPayments(config, () => clock.now()),
    storage: createDirectoryStorage(config.uploadDir),
    identity:
      config.identity.url && config.identity.key && config.identity.secret
        ? createHttpIdentityProvider({
            url: config.identity.url,
            key: config.identity.key,
            secret: config.identity.secret,
            timeoutMs: config.identity.timeoutMs,
          })
        : config.isProduction
          ? createUnconfiguredIdentityProvider()
          : createDevIdentityProvider(config.publicUrl),
    ...overrides,
  };
}

/** Releases what the dependencies hold (worker threads, SMTP connections). */
export async function closeDeps(deps: TDeps): Promise<void> {
  deps.mailer?.close();
  await deps.hasher.close();
}

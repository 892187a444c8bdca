/** Builds the dependencies of the application from its configuration and database. */
import { createDevInstances } from './adapters/instances';
import { createSmtpMailer } from './adapters/mail';
import { createDevMarketplace, createHttpMarketplace } from './adapters/marketplace';
import { createHttpSmsSender } from './adapters/sms';
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
    instances: createDevInstances(),
    ...overrides,
  };
}

/** Releases what the dependencies hold (worker threads, SMTP connections). */
export async function closeDeps(deps: TDeps): Promise<void> {
  deps.mailer?.close();
  await deps.hasher.close();
}

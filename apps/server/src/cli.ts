/**
 * Operator commands: `npm run cli -- <command> …`
 *
 *   license-issue --customer <name> [--days 365] [--private-key <pem file>]
 *       prints a signed Huawei-cloud license (the development key unless a key file is given)
 *   license-release <license id>          marks an activated license as released
 *   invite-create <code> [--uses 1] [--days N]   creates a registration invite code
 *   marketplace-token <customer id> [--offer <type>] [--hours 24]
 *       prints a development cloud-marketplace token (valid where MARKETPLACE_ENDPOINT is unset)
 *
 * Commands that touch data use the same configuration as the server (DATABASE_URL or DATA_DIR).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { issueDevMarketplaceToken } from './adapters/marketplace';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { inviteCodes } from './db/schema';
import { closeDeps, createDeps } from './deps';
import { systemClock } from './lib/clock';
import { issueDevLicense, issueLicense, releaseLicense } from './modules/license/license.service';

async function withDatabase<T>(work: (deps: ReturnType<typeof createDeps>) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
  });
  await migrate(database.db);
  const deps = createDeps(config, database, systemClock);
  try {
    return await work(deps);
  } finally {
    await closeDeps(deps);
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      customer: { type: 'string' },
      days: { type: 'string' },
      'private-key': { type: 'string' },
      uses: { type: 'string' },
      offer: { type: 'string' },
      hours: { type: 'string' },
    },
  });
  switch (command) {
    case 'license-issue': {
      if (!values.customer) throw new Error('--customer is required');
      const input = { customer: values.customer, days: Number(values.days ?? 365) };
      const key = values['private-key'];
      console.log(key ? issueLicense(readFileSync(key, 'utf8'), input) : issueDevLicense(input));
      return 0;
    }
    case 'license-release': {
      const id = positionals[0];
      if (!id) throw new Error('the license id is required');
      const isReleased = await withDatabase((deps) => releaseLicense(deps, id));
      console.log(isReleased ? `released ${id}` : `no activated license ${id}`);
      return isReleased ? 0 : 1;
    }
    case 'invite-create': {
      const code = positionals[0];
      if (!code || code.length > 16) throw new Error('an invite code of at most 16 characters is required');
      await withDatabase(async (deps) => {
        const expiresAt = values.days ? new Date(Date.now() + Number(values.days) * 86_400_000) : null;
        await deps.db.insert(inviteCodes).values({ code, maxUses: Number(values.uses ?? 1), expiresAt });
      });
      console.log(`created invite code ${code}`);
      return 0;
    }
    case 'marketplace-token': {
      const customer = positionals[0];
      if (!customer) throw new Error('the customer id is required');
      const config = loadConfig(process.env);
      const hours = Number(values.hours ?? 24);
      console.log(
        issueDevMarketplaceToken(config.secretKey, customer, values.offer ?? null, hours * 3_600_000),
      );
      return 0;
    }
    default:
      console.error(
        'commands: license-issue, license-release, invite-create, marketplace-token (see apps/server/src/cli.ts)',
      );
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

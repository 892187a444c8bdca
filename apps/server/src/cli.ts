/**
 * Operator commands: `npm run cli -- <command> …`
 *
 *   account-create <accountName> --admin <username> [--email <address>] [--phone <number>] [--formal]
 *       creates an account with its administrator and prints a one-time initial password that
 *       must be replaced at the first sign-in (see modules/account/account.cli.ts)
 *   license-issue --customer <name> [--days 365] [--private-key <pem file>]
 *       prints a signed Huawei-cloud license (the development key unless a key file is given)
 *   license-release <license id>          marks an activated license as released
 *   invite-create <code> [--uses 1] [--days N]   creates a registration invite code
 *   marketplace-token <customer id> [--offer <type>] [--hours 24]
 *       prints a development cloud-marketplace token (valid where MARKETPLACE_ENDPOINT is unset)
 *   activation-create [--kind formal|extend] [--extend-days 30] [--days N] [--note text]
 *       prints a single-use activation code signed with the server key (SECRET_KEY): `formal`
 *       turns a trial account formal, `extend` adds days to its trial; --days limits how long
 *       it can be redeemed
 *   audit-verify [--account <name>] [--installation]
 *       verifies the audit hash chains (every chain, one account's, or the installation's) and
 *       names the first broken entry of each; exits 1 when one is broken
 *   catalogue export | catalogue import <file>
 *       prints the service catalogue as JSON / writes it from such a file (one transaction;
 *       rows missing from the file are deleted, or disabled while something uses them)
 *   account tag set <accountName> <key> [value] | account tag remove <accountName> <key>
 *   instance hide <instanceName> | instance unhide <instanceName>
 *       (see modules/catalogue/catalogue.cli.ts)
 *   remittance list [--pending] | remittance confirm <id> | remittance reject <id> <note>
 *       reviews reported bank transfers; confirming credits the account once
 *       (see modules/billing/remittance/remittance.cli.ts)
 *   certification list [--pending] | certification approve <id> | certification reject <id> <reason>
 *       reviews real-name verifications waiting for manual review; approving turns a trial
 *       account formal (see modules/certification/certification.cli.ts)
 *   voucher issue <accountName> <faceYuan> [--name N] [--days D] [--starts YYYY-MM-DD]
 *           [--services studio,hengshi] [--regions aliyun/cn-shanghai,...]
 *   voucher void <code> [reason] | voucher list <accountName>
 *   discount set <accountName> <category|*> <rate> | discount list <accountName>
 *       (see modules/billing/funds/billing-admin.cli.ts)
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
import { findAccountByName } from './modules/account';
import { accountCommands, runAccountCommand } from './modules/account/account.cli';
import { issueActivationCode } from './modules/account/account-center.service';
import { listChains } from './modules/audit';
import { verifyChains } from './modules/audit/audit.chain';
import { billingAdminCommands, runBillingAdminCommand } from './modules/billing/funds/billing-admin.cli';
import { remittanceCommands, runRemittanceCommand } from './modules/billing/remittance/remittance.cli';
import { catalogueCommands, runCatalogueCommand } from './modules/catalogue/catalogue.cli';
import { certificationCommands, runCertificationCommand } from './modules/certification/certification.cli';
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
  if (command && accountCommands.includes(command)) {
    return withDatabase((deps) =>
      runAccountCommand(deps, command, rest, {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      }),
    );
  }
  if (command && catalogueCommands.includes(command)) {
    return withDatabase((deps) =>
      runCatalogueCommand(deps, command, rest, {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      }),
    );
  }
  if (command && billingAdminCommands.includes(command)) {
    return withDatabase((deps) =>
      runBillingAdminCommand(deps, command, rest, {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      }),
    );
  }
  if (command && certificationCommands.includes(command)) {
    return withDatabase((deps) =>
      runCertificationCommand(deps, command, rest, {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      }),
    );
  }
  if (command && remittanceCommands.includes(command)) {
    return withDatabase((deps) =>
      runRemittanceCommand(deps, command, rest, {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      }),
    );
  }
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
      account: { type: 'string' },
      installation: { type: 'boolean' },
      kind: { type: 'string' },
      'extend-days': { type: 'string' },
      note: { type: 'string' },
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
      if (config.marketplaceEndpoint || !config.devAdapters) {
        throw new Error(
          'development marketplace tokens are accepted only where no MARKETPLACE_ENDPOINT is set and development adapters answer (outside production, or DEV_ADAPTERS=1)',
        );
      }
      const hours = Number(values.hours ?? 24);
      console.log(
        issueDevMarketplaceToken(config.secretKey, customer, values.offer ?? null, hours * 3_600_000),
      );
      return 0;
    }
    case 'activation-create': {
      const kind = values.kind ?? 'formal';
      if (kind !== 'formal' && kind !== 'extend') throw new Error('--kind is formal or extend');
      const config = loadConfig(process.env);
      console.log(
        issueActivationCode(
          config.secretKey,
          {
            kind,
            ...(values['extend-days'] ? { extendDays: Number(values['extend-days']) } : {}),
            ...(values.days ? { validDays: Number(values.days) } : {}),
            ...(values.note ? { note: values.note } : {}),
          },
          new Date(),
        ),
      );
      return 0;
    }
    case 'audit-verify': {
      const reports = await withDatabase(async (deps) => {
        let chains: number[];
        if (values.account) {
          const account = await findAccountByName(deps.db, values.account);
          if (!account) throw new Error(`no account ${values.account}`);
          chains = [account.id];
        } else if (values.installation) chains = [0];
        else chains = await listChains(deps.db);
        return verifyChains(deps.db, chains);
      });
      if (reports.length === 0) console.log('no audit entries');
      for (const r of reports) {
        const name = r.chain === 0 ? 'installation' : `account ${r.chain}`;
        console.log(
          r.broken
            ? `${name}: BROKEN at entry id ${r.broken.id ?? '-'} (seq ${r.broken.seq ?? '-'}): ${r.broken.reason}; ${r.entries} entries verified before it`
            : `${name}: intact (${r.entries} entries)`,
        );
      }
      return reports.every((r) => r.isIntact) ? 0 : 1;
    }
    default:
      console.error(
        'commands: account-create, license-issue, license-release, invite-create, marketplace-token, audit-verify, activation-create, catalogue, account tag, instance, voucher, discount, remittance (see apps/server/src/cli.ts)',
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

/**
 * Operator commands: `npm run cli -- <command> …`. Each module keeps its own commands in its
 * `*.cli.ts`; this file only dispatches to them.
 *
 *   account-create <accountName> --admin <username> [--email <address>] [--phone <number>] [--formal]
 *       creates an account with its administrator and prints a one-time initial password that
 *       must be replaced at the first sign-in
 *   activation-create [--kind formal|extend] [--extend-days 30] [--days N] [--note text]
 *       prints a single-use activation code signed with the server key (SECRET_KEY): `formal`
 *       turns a trial account formal, `extend` adds days to its trial; --days limits how long
 *       it can be redeemed (both: modules/account/account.cli.ts)
 *   license-issue --customer <name> [--days 365] [--private-key <pem file>]
 *       prints a signed Huawei-cloud license (the development key unless a key file is given)
 *   license-release <license id>          marks an activated license as released
 *       (both: modules/license/license.cli.ts)
 *   invite-create <code> [--uses 1] [--days N]   creates a registration invite code
 *   marketplace-token <customer id> [--offer <type>] [--hours 24]
 *       prints a development cloud-marketplace token (valid where MARKETPLACE_PROVIDER is unset)
 *       (both: modules/registration/registration.cli.ts)
 *   audit-verify [--account <name>] [--installation]
 *       verifies the audit hash chains (every chain, one account's, or the installation's) and
 *       names the first broken entry of each; exits 1 when one is broken
 *       (modules/audit/audit.cli.ts)
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
 *   discount set <accountName> <category|*> <rate> | discount remove <accountName> <category|*>
 *   discount list <accountName>
 *       (see modules/billing/funds/billing-admin.cli.ts)
 *   mfa-requirement off <accountName>
 *       stops requiring login protection of the account's users, the way back for an account
 *       whose users cannot complete a second step (modules/mfa/mfa.cli.ts)
 *   operator-create <username> --role owner|support|reviewer|finance|auditor
 *       creates an operator of the back office (OPS_PORT) and prints its one-time password; the
 *       first sign-in replaces it and enrols an authenticator app (modules/operator/operator.cli.ts)
 *
 * Commands that touch data use the same configuration as the server (DATABASE_URL or DATA_DIR);
 * commands that only sign or print never open the database.
 */
import { loadConfig, type TConfig } from './config';
import type { TCliCommands, TCliContext, TDeps } from './context';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { closeDeps, createDeps } from './deps';
import { systemClock } from './lib/clock';
import { findAccountByName } from './modules/account';
import { accountCli } from './modules/account/account.cli';
import { auditCli } from './modules/audit/audit.cli';
import { billingAdminCli } from './modules/billing/funds/billing-admin.cli';
import { remittanceCli } from './modules/billing/remittance/remittance.cli';
import { catalogueCli } from './modules/catalogue/catalogue.cli';
import { certificationCli } from './modules/certification/certification.cli';
import { licenseCli } from './modules/license/license.cli';
import { mfaCli } from './modules/mfa/mfa.cli';
import { operatorCli } from './modules/operator/operator.cli';
import { registrationCli } from './modules/registration/registration.cli';

const commandSets: readonly TCliCommands[] = [
  accountCli,
  licenseCli,
  registrationCli,
  auditCli(async (db, name) => (await findAccountByName(db, name))?.id ?? null),
  catalogueCli,
  billingAdminCli,
  remittanceCli,
  certificationCli,
  mfaCli,
  operatorCli,
];

/** The configuration is read when a command first needs it (license-issue needs none). */
function cliContext(): TCliContext {
  let config: TConfig | null = null;
  const configOf = (): TConfig => {
    config ??= loadConfig(process.env);
    return config;
  };
  return {
    get config() {
      return configOf();
    },
    async withDeps<T>(work: (deps: TDeps) => Promise<T>): Promise<T> {
      const settings = configOf();
      const database = await openDatabase({
        url: settings.databaseUrl,
        dataDir: settings.databaseUrl ? null : settings.dataDir,
      });
      await migrate(database.db);
      const deps = createDeps(settings, database, systemClock);
      try {
        return await work(deps);
      } finally {
        await closeDeps(deps);
        await database.close();
      }
    },
  };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const set = command ? commandSets.find((s) => s.commands.includes(command)) : undefined;
  if (!command || !set) {
    const names = commandSets.flatMap((s) => s.commands).join(', ');
    console.error(`commands: ${names} (see apps/server/src/cli.ts)`);
    return 2;
  }
  return set.run(cliContext(), command, rest, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

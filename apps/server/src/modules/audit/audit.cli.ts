/**
 * Operator commands of the audit log:
 *
 *   audit-verify [--account <name>] [--installation]
 *       verifies the audit hash chains (every chain, one account's, or the installation's) and
 *       names the first broken entry of each; exits 1 when one is broken
 */
import { parseArgs } from 'node:util';
import type { TCliCommands } from '../../context';
import type { TDb } from '../../db/client';
import { verifyChains } from './audit.chain';
import { listChains } from './audit.repository';

/**
 * The audit commands; `findAccountId` resolves `--account` (the account module's lookup, handed in
 * by the dispatcher, since accounts write to the audit log and not the other way round).
 */
export const auditCli = (findAccountId: (db: TDb, name: string) => Promise<number | null>): TCliCommands => ({
  commands: ['audit-verify'],
  async run(context, _command, args, io) {
    const { values } = parseArgs({
      args: [...args],
      options: { account: { type: 'string' }, installation: { type: 'boolean' } },
    });
    const reports = await context.withDeps(async (deps) => {
      let chains: number[];
      if (values.account) {
        const accountId = await findAccountId(deps.db, values.account);
        if (accountId === null) return null;
        chains = [accountId];
      } else if (values.installation) chains = [0];
      else chains = await listChains(deps.db);
      return verifyChains(deps.db, chains);
    });
    if (!reports) {
      io.err(`no account ${values.account}`);
      return 1;
    }
    if (reports.length === 0) io.out('no audit entries');
    for (const r of reports) {
      const name = r.chain === 0 ? 'installation' : `account ${r.chain}`;
      io.out(
        r.broken
          ? `${name}: BROKEN at entry id ${r.broken.id ?? '-'} (seq ${r.broken.seq ?? '-'}): ${r.broken.reason}; ${r.entries} entries verified before it`
          : `${name}: intact (${r.entries} entries)`,
      );
    }
    return reports.every((r) => r.isIntact) ? 0 : 1;
  },
});

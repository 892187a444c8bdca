/**
 * Operator commands of login protection (run through `npm run cli -- …`, see cli.ts):
 *
 *   mfa-requirement off <accountName>
 *       stops requiring login protection of the account's users: the way back for an account
 *       whose users cannot complete a second step (an installation that lost its SMS or e-mail
 *       service, or an account that required it before the console kept it from locking anyone
 *       out). Audited in the account's chain with the operator as actor; exit status 1 for an
 *       unknown account.
 */
import type { TCliCommands, TCliOutput, TDeps } from '../../context';
import { stopRequiringByOperator } from './mfa-policy.service';

const usage = 'usage: mfa-requirement off <accountName>';

export const mfaCli: TCliCommands = {
  commands: ['mfa-requirement'],
  run: (context, _command, args, io) => {
    if (args.length !== 2 || args[0] !== 'off' || !args[1]) {
      io.err(usage);
      return Promise.resolve(2);
    }
    const accountName = args[1];
    return context.withDeps((deps) => stopRequirement(deps, accountName, io));
  },
};

async function stopRequirement(deps: TDeps, accountName: string, io: TCliOutput): Promise<number> {
  const stopped = await stopRequiringByOperator(deps, accountName);
  if (!stopped) {
    io.err(`no account ${accountName}`);
    return 1;
  }
  io.out(
    stopped.isChanged
      ? `Account ${accountName} no longer requires login protection of its users.`
      : `Account ${accountName} did not require login protection: nothing was changed.`,
  );
  return 0;
}

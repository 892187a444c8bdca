/**
 * Operator commands of the back office (run through `npm run cli -- …`, see cli.ts):
 *
 *   operator-create <username> --role owner|support|reviewer|finance|auditor
 *       creates an operator of the back office and prints its one-time password (shown once);
 *       the first sign-in replaces it and enrols a passkey or an authenticator app. The same
 *       service as the owner's form; audited in the installation's chain with the system as actor.
 */
import { parseArgs } from 'node:util';
import { ErrorCode } from '@console/contract/codes';
import { OpsRoles, opsUsernamePattern, type TOpsRole } from '@console/contract/ops';
import type { TCliCommands, TCliOutput, TDeps } from '../../context';
import { AppError } from '../../errors';
import { createOperator } from './operator.service';

const usage = `usage: operator-create <username> --role ${OpsRoles.join('|')}`;

function isRole(value: string | undefined): value is TOpsRole {
  return OpsRoles.some((role) => role === value);
}

export const operatorCli: TCliCommands = {
  commands: ['operator-create'],
  run: (context, _command, args, io) => {
    let parsed: { username: string; role: TOpsRole };
    try {
      const { values, positionals } = parseArgs({
        args: [...args],
        options: { role: { type: 'string' } },
        allowPositionals: true,
      });
      const username = positionals[0]?.trim().toLowerCase();
      if (positionals.length !== 1 || !username || !isRole(values.role)) throw new Error(usage);
      if (!opsUsernamePattern.test(username)) {
        throw new Error(
          'the username is 3 to 32 characters: a lower-case letter, then letters, digits, . _ -',
        );
      }
      parsed = { username, role: values.role };
    } catch (error) {
      io.err(error instanceof Error ? error.message : String(error));
      if (!(error instanceof Error) || error.message !== usage) io.err(usage);
      return Promise.resolve(2);
    }
    return context.withDeps((deps) => create(deps, parsed, io));
  },
};

async function create(
  deps: TDeps,
  input: { username: string; role: TOpsRole },
  io: TCliOutput,
): Promise<number> {
  try {
    const created = await createOperator(deps, null, input, null);
    io.out(
      `Operator ${created.operator.username} created (id ${created.operator.id}, role ${created.operator.role}).`,
    );
    io.out(`One-time password (shown once): ${created.oneTimePassword}`);
    io.out('The first sign-in replaces it and enrols a passkey or an authenticator app.');
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.opsOperatorExists) {
      io.err(`an operator named ${input.username} exists already`);
      return 1;
    }
    throw error;
  }
}

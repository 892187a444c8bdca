/**
 * Operator commands of accounts:
 *
 *   account-create <accountName> --admin <username> [--email <address>] [--phone <number>] [--formal]
 *
 * creates an account (trial unless --formal) with its administrator and prints the administrator's
 * one-time initial password, which must be replaced at the first sign-in. The first account of an
 * installation without self-registration (on-premise) is made this way. Exit status 1 with the
 * reason when the input is refused or the name, phone or e-mail is taken.
 */
import { parseArgs } from 'node:util';
import type { TDeps } from '../../context';
import { createAccountByOperator, OperatorInputError } from './account.service';

export const accountCommands: readonly string[] = ['account-create'];

export type TCliOutput = { out(line: string): void; err(line: string): void };

const usage =
  'usage: account-create <accountName> --admin <username> [--email <address>] [--phone <number>] [--formal]';

export async function runAccountCommand(
  deps: TDeps,
  command: string,
  args: readonly string[],
  io: TCliOutput,
): Promise<number> {
  if (command !== 'account-create') {
    io.err(usage);
    return 2;
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    io.err(usage);
    return 2;
  }
  const { values, positionals } = parsed;
  const accountName = positionals[0];
  if (!accountName || !values.admin || positionals.length > 1) {
    io.err(usage);
    return 2;
  }
  try {
    const created = await createAccountByOperator(deps, {
      accountName,
      adminUsername: values.admin,
      email: values.email ?? null,
      phone: values.phone ?? null,
      isFormal: values.formal ?? false,
    });
    io.out(`Account ${created.accountName} created (id ${created.accountId}).`);
    io.out(`Login address: ${created.loginAddress}`);
    io.out(`Administrator: ${created.adminUsername}`);
    io.out(`Initial password (shown once): ${created.initialPassword}`);
    io.out('The administrator must set a new password at the first sign-in.');
    return 0;
  } catch (error) {
    if (error instanceof OperatorInputError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

function parse(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      admin: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      formal: { type: 'boolean' },
    },
  });
}

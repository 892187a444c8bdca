/**
 * Operator commands of accounts:
 *
 *   account-create <accountName> --admin <username> [--email <address>] [--phone <number>] [--formal]
 *       creates an account (trial unless --formal) with its administrator and prints the
 *       administrator's one-time initial password, which must be replaced at the first sign-in.
 *       The first account of an installation without self-registration (on-premise) is made this
 *       way. Exit status 1 with the reason when the input is refused or the name, phone or e-mail
 *       is taken.
 *   activation-create [--kind formal|extend] [--extend-days 30] [--days N] [--note text]
 *       prints a single-use activation code signed with the server key (SECRET_KEY): `formal`
 *       turns a trial account formal, `extend` adds days to its trial; --days limits how long it
 *       can be redeemed
 */
import { parseArgs } from 'node:util';
import type { TCliCommands, TCliOutput, TDeps } from '../../context';
import { createAccountByOperator, OperatorInputError } from './account.service';
import { issueActivationCode } from './account-center.service';

export const accountCli: TCliCommands = {
  commands: ['account-create', 'activation-create'],
  run(context, command, args, io) {
    if (command === 'activation-create')
      return Promise.resolve(activationCommand(context.config.secretKey, args, io));
    return context.withDeps((deps) => runAccountCommand(deps, command, args, io));
  },
};

function activationCommand(secretKey: string, args: readonly string[], io: TCliOutput): number {
  const { values } = parseArgs({
    args: [...args],
    options: {
      kind: { type: 'string' },
      'extend-days': { type: 'string' },
      days: { type: 'string' },
      note: { type: 'string' },
    },
  });
  const kind = values.kind ?? 'formal';
  if (kind !== 'formal' && kind !== 'extend') {
    io.err('usage: activation-create [--kind formal|extend] [--extend-days 30] [--days N] [--note text]');
    return 2;
  }
  io.out(
    issueActivationCode(
      secretKey,
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

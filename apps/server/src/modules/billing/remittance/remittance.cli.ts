/**
 * Operator commands on reported bank transfers (run through `npm run cli -- …`, see cli.ts):
 *
 *   remittance list [--pending]          every account's remittances (pending first), or the pending ones
 *   remittance confirm <id>              pending → confirmed; credits the account (channel bank, recharge)
 *   remittance reject <id> <note>        pending → rejected with a note the account sees
 *
 * Each review runs in one transaction with its audit entry in the account's chain (the operator
 * as actor); a remittance that is not pending is left as it is (exit status 1).
 */
import { fenToYuan } from '@console/contract/billing-enums';
import type { TCliCommands, TCliOutput, TDeps } from '../../../context';
import { listAllRemittances } from './remittance.repository';
import { confirmRemittance, rejectRemittance, type TReviewOutcome } from './remittance.service';

/** The first words of the commands this module runs. */
export const remittanceCli: TCliCommands = {
  commands: ['remittance'],
  run: (context, command, args, io) =>
    context.withDeps((deps) => runRemittanceCommand(deps, command, args, io)),
};

const usage = 'usage: remittance list [--pending] | remittance confirm <id> | remittance reject <id> <note>';
const noteMax = 256;

function idOf(text: string | undefined): number {
  const id = Number(text);
  if (!text || !Number.isSafeInteger(id) || id <= 0) throw new Error(usage);
  return id;
}

function report(outcome: TReviewOutcome, id: number, verb: string, io: TCliOutput): number {
  if (!outcome.remittance) {
    io.err(`no remittance ${id}`);
    return 1;
  }
  const r = outcome.remittance;
  if (!outcome.isDone) {
    io.err(`remittance ${id} is ${r.status}, not pending: nothing was changed`);
    return 1;
  }
  io.out(
    `${verb} remittance ${id} of account ${r.accountName}: ${fenToYuan(r.amountFen)}` +
      (outcome.serialNo ? ` credited (transaction ${outcome.serialNo})` : ''),
  );
  return 0;
}

/** Runs one command; answers the exit status. Wrong usage throws an Error naming the usage. */
export async function runRemittanceCommand(
  deps: TDeps,
  _command: string,
  args: readonly string[],
  io: TCliOutput,
): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'list' && (rest.length === 0 || (rest.length === 1 && rest[0] === '--pending'))) {
    const rows = await listAllRemittances(deps.db, rest[0] === '--pending');
    if (rows.length === 0) io.out('no remittances');
    for (const r of rows) {
      io.out(
        [
          r.id,
          r.status,
          r.accountName,
          fenToYuan(r.amountFen),
          r.payerName,
          r.payerAccount ?? '-',
          `file ${r.uploadId} (${r.fileName})`,
          r.createdAt.toISOString(),
          r.reviewNote ? `note: ${r.reviewNote}` : '',
        ]
          .filter((part) => part !== '')
          .join('  '),
      );
    }
    return 0;
  }
  if (sub === 'confirm' && rest.length === 1) {
    const id = idOf(rest[0]);
    return report(await confirmRemittance(deps, id), id, 'confirmed', io);
  }
  if (sub === 'reject' && rest.length >= 2) {
    const id = idOf(rest[0]);
    const note = rest.slice(1).join(' ').trim();
    if (!note || note.length > noteMax) throw new Error(`a note of 1 to ${noteMax} characters is required`);
    return report(await rejectRemittance(deps, id, note), id, 'rejected', io);
  }
  throw new Error(usage);
}

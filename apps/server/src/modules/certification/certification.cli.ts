/**
 * Operator commands on real-name verifications (run through `npm run cli -- …`, see cli.ts):
 *
 *   certification list [--pending]        every account's verifications (newest first), or those
 *                                         waiting for manual review
 *   certification approve <id>            verifying (manual review) → passed; a trial account
 *                                         becomes formal
 *   certification reject <id> <reason>    verifying (manual review) → failed with the reason the
 *                                         account sees
 *
 * Each decision runs in one transaction with its audit entry in the account's chain (the operator
 * as actor); a verification that does not wait for review is left as it is (exit status 1). The
 * list shows masks only, never the sealed personal data.
 */
import type { TCliCommands, TCliOutput, TDeps } from '../../context';
import { listForReview, reviewCertification, type TReviewOutcome } from './certification-review.service';

/** The first words of the commands this module runs. */
export const certificationCli: TCliCommands = {
  commands: ['certification'],
  run: (context, command, args, io) =>
    context.withDeps((deps) => runCertificationCommand(deps, command, args, io)),
};

const usage =
  'usage: certification list [--pending] | certification approve <id> | certification reject <id> <reason>';
const reasonMax = 256;

function idOf(text: string | undefined): number {
  const id = Number(text);
  if (!text || !Number.isSafeInteger(id) || id <= 0) throw new Error(usage);
  return id;
}

function report(outcome: TReviewOutcome, id: number, verb: string, io: TCliOutput): number {
  const c = outcome.certification;
  if (!c) {
    io.err(`no certification ${id}`);
    return 1;
  }
  if (!outcome.isDone) {
    io.err(
      `certification ${id} is ${c.status}${c.manualReview ? '' : ' (no manual review)'}: nothing was changed`,
    );
    return 1;
  }
  io.out(`${verb} certification ${id} (${c.type}, ${c.companyName ?? c.personNameMask ?? '-'})`);
  return 0;
}

/** Runs one command; answers the exit status. Wrong usage throws an Error naming the usage. */
export async function runCertificationCommand(
  deps: TDeps,
  _command: string,
  args: readonly string[],
  io: TCliOutput,
): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'list' && (rest.length === 0 || (rest.length === 1 && rest[0] === '--pending'))) {
    const rows = await listForReview(deps, rest[0] === '--pending');
    if (rows.length === 0) io.out('no certifications');
    for (const c of rows) {
      io.out(
        [
          c.id,
          c.status,
          c.manualReview ? 'manual' : '',
          c.type,
          c.accountName,
          c.type === 'enterprise'
            ? `${c.companyName} ${c.creditCode} legal ${c.legalPersonNameMask} ${c.legalPersonIdMask} bank ${c.bankName} ${c.bankAccountMask} licence ${c.licenseFileId}`
            : `${c.personNameMask} ${c.idNumberMask}`,
          c.result ?? c.faceError ?? '',
          c.createdAt.toISOString(),
          c.reason ? `reason: ${c.reason}` : '',
        ]
          .filter((part) => part !== '')
          .join('  '),
      );
    }
    return 0;
  }
  if (sub === 'approve' && rest.length === 1) {
    const id = idOf(rest[0]);
    return report(await reviewCertification(deps, id, { approve: true }), id, 'approved', io);
  }
  if (sub === 'reject' && rest.length >= 2) {
    const id = idOf(rest[0]);
    const reason = rest.slice(1).join(' ').trim();
    if (!reason || reason.length > reasonMax)
      throw new Error(`a reason of 1 to ${reasonMax} characters is required`);
    return report(await reviewCertification(deps, id, { approve: false, reason }), id, 'rejected', io);
  }
  throw new Error(usage);
}

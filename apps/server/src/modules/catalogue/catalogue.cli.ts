/**
 * Operator commands on the service catalogue, account tags and instance visibility (run through
 * `npm run cli -- …`, see cli.ts):
 *
 *   catalogue export                              prints the whole catalogue as JSON
 *   catalogue import <file>                       writes the catalogue of a JSON file (the export's shape)
 *   account tag set <accountName> <key> [value]   sets an account tag (value '' when left out)
 *   account tag remove <accountName> <key>        removes an account tag
 *   instance hide <instanceName>                  opened → hidden
 *   instance unhide <instanceName>                hidden → opened
 *
 * Each change runs in one transaction with its audit entry, the system (an operator) as actor:
 * account-scoped changes in the account's chain, the catalogue import in the installation's.
 */
import { readFileSync } from 'node:fs';
import { InstanceStatus } from '@console/contract';
import type { TCliCommands, TCliOutput, TDeps } from '../../context';
import { findAccountByName } from '../account';
import { writeAudit } from '../audit';
import {
  exportCatalogue,
  lockInstanceByName,
  removeAccountTag,
  setAccountTag,
  setInstanceStatus,
  type TImportSummary,
} from './catalogue.repository';
import { importCatalogueFile } from './catalogue.service';

/** The first words of the commands this module runs. */
export const catalogueCli: TCliCommands = {
  commands: ['catalogue', 'account', 'instance'],
  run: (context, command, args, io) =>
    context.withDeps((deps) => runCatalogueCommand(deps, command, args, io)),
};

const tagKeyPattern = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
const tagValueMax = 256;

const statusNames: Record<number, string> = {
  [InstanceStatus.closed]: 'closed',
  [InstanceStatus.opening]: 'opening',
  [InstanceStatus.opened]: 'opened',
  [InstanceStatus.openFailed]: 'openFailed',
  [InstanceStatus.hidden]: 'hidden',
};

const operator = { userId: null, username: null, isSuccess: true } as const;

/** Runs one command; answers the exit status. Wrong usage throws an Error naming the usage. */
export async function runCatalogueCommand(
  deps: TDeps,
  command: string,
  args: readonly string[],
  io: TCliOutput,
): Promise<number> {
  const [sub, ...rest] = args;
  if (command === 'catalogue' && sub === 'export' && rest.length === 0) {
    io.out(JSON.stringify(await exportCatalogue(deps.db), null, 2));
    return 0;
  }
  if (command === 'catalogue' && sub === 'import' && rest.length === 1 && rest[0]) {
    return importFile(deps, rest[0], io);
  }
  if (command === 'account' && sub === 'tag') {
    const [verb, accountName, key, value, ...extra] = rest;
    if (verb === 'set' && accountName && key && extra.length === 0) {
      return setTag(deps, accountName, key, value ?? '', io);
    }
    if (verb === 'remove' && accountName && key && value === undefined) {
      return removeTag(deps, accountName, key, io);
    }
    throw new Error(
      'usage: account tag set <accountName> <key> [value] | account tag remove <accountName> <key>',
    );
  }
  if (command === 'instance' && (sub === 'hide' || sub === 'unhide') && rest.length === 1 && rest[0]) {
    return changeVisibility(deps, rest[0], sub === 'hide', io);
  }
  if (command === 'catalogue') throw new Error('usage: catalogue export | catalogue import <file>');
  if (command === 'instance')
    throw new Error('usage: instance hide <instanceName> | instance unhide <instanceName>');
  throw new Error(`unknown command ${[command, ...args].join(' ')}`);
}

function describeSummary(summary: TImportSummary): string[] {
  return Object.entries(summary).map(([kind, c]) => {
    const parts = [`${c.written} written`];
    if (c.disabled.length) parts.push(`disabled ${c.disabled.join(', ')}`);
    if (c.deleted.length) parts.push(`deleted ${c.deleted.join(', ')}`);
    if (c.kept.length) parts.push(`kept (still in use) ${c.kept.join(', ')}`);
    return `${kind}: ${parts.join('; ')}`;
  });
}

async function importFile(deps: TDeps, file: string, io: TCliOutput): Promise<number> {
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    io.err(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const now = deps.clock.now();
  let result: Awaited<ReturnType<typeof importCatalogueFile>>;
  try {
    result = await importCatalogueFile(deps, input, (tx, done) =>
      writeAudit(tx, {
        ...operator,
        accountId: null,
        action: 'catalogue.import',
        objectType: 'catalogue',
        info: {
          by: 'operator',
          ...Object.fromEntries(
            Object.entries(done).map(([kind, c]) => [
              kind,
              { written: c.written, disabled: c.disabled, deleted: c.deleted, kept: c.kept },
            ]),
          ),
        },
        createdAt: now,
      }),
    );
  } catch (error) {
    io.err(`import failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  if (!result.isValid) {
    io.err(`${file} is not a valid catalogue; nothing was changed:`);
    for (const problem of result.problems) io.err(`  ${problem}`);
    return 1;
  }
  const { summary } = result;
  for (const line of describeSummary(summary)) io.out(line);
  return 0;
}

async function accountIdOf(deps: TDeps, accountName: string): Promise<{ id: number; name: string }> {
  const account = await findAccountByName(deps.db, accountName);
  if (!account) throw new Error(`no account ${accountName}`);
  return { id: Number(account.id), name: account.name };
}

async function setTag(deps: TDeps, accountName: string, key: string, value: string, io: TCliOutput) {
  if (!tagKeyPattern.test(key)) throw new Error('a tag key is 1 to 64 letters, digits, _ . : or -');
  if (value.length > tagValueMax) throw new Error(`a tag value is at most ${tagValueMax} characters`);
  const account = await accountIdOf(deps, accountName);
  const now = deps.clock.now();
  const { previous } = await deps.db.transaction(async (tx) => {
    const result = await setAccountTag(tx, account.id, key, value);
    await writeAudit(tx, {
      ...operator,
      accountId: account.id,
      action: 'account.tag.set',
      objectType: 'account',
      objectId: String(account.id),
      objectName: account.name,
      info: { by: 'operator', key, value, previous: result.previous },
      createdAt: now,
    });
    return result;
  });
  io.out(
    previous === null
      ? `tag ${key} set on ${account.name}`
      : `tag ${key} of ${account.name} changed from '${previous}' to '${value}'`,
  );
  return 0;
}

async function removeTag(deps: TDeps, accountName: string, key: string, io: TCliOutput) {
  const account = await accountIdOf(deps, accountName);
  const now = deps.clock.now();
  const removed = await deps.db.transaction(async (tx) => {
    const value = await removeAccountTag(tx, account.id, key);
    if (value === null) return null;
    await writeAudit(tx, {
      ...operator,
      accountId: account.id,
      action: 'account.tag.remove',
      objectType: 'account',
      objectId: String(account.id),
      objectName: account.name,
      info: { by: 'operator', key, value },
      createdAt: now,
    });
    return value;
  });
  if (removed === null) {
    io.err(`${account.name} has no tag ${key}`);
    return 1;
  }
  io.out(`tag ${key} removed from ${account.name}`);
  return 0;
}

async function changeVisibility(deps: TDeps, instanceName: string, isHiding: boolean, io: TCliOutput) {
  const from = isHiding ? InstanceStatus.opened : InstanceStatus.hidden;
  const to = isHiding ? InstanceStatus.hidden : InstanceStatus.opened;
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const instance = await lockInstanceByName(tx, instanceName);
    if (!instance) return { isDone: false, message: `no instance ${instanceName}` };
    if (instance.status !== from) {
      const state = statusNames[instance.status] ?? String(instance.status);
      return {
        isDone: false,
        message: `instance ${instanceName} is ${state}: only ${isHiding ? 'an opened instance can be hidden' : 'a hidden instance can be shown again'}`,
      };
    }
    await setInstanceStatus(tx, instance.id, from, to, now);
    await writeAudit(tx, {
      ...operator,
      accountId: instance.accountId,
      action: isHiding ? 'instance.hide' : 'instance.unhide',
      objectType: 'instance',
      objectId: String(instance.id),
      objectName: instance.instanceName,
      info: { by: 'operator', service: instance.serviceCode, previousStatus: from, status: to },
      createdAt: now,
    });
    return { isDone: true, message: `instance ${instanceName} ${isHiding ? 'hidden' : 'shown again'}` };
  });
  if (outcome.isDone) io.out(outcome.message);
  else io.err(outcome.message);
  return outcome.isDone ? 0 : 1;
}

/**
 * Operator commands of licences:
 *
 *   license-issue --customer <name> [--days 365] [--private-key <pem file>]
 *       prints a signed Huawei-cloud licence (the development key unless a key file is given)
 *   license-release <license id>
 *       marks an activated licence as released
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { TCliCommands } from '../../context';
import { issueDevLicense, issueLicense, releaseLicense } from './license.service';

export const licenseCli: TCliCommands = {
  commands: ['license-issue', 'license-release'],
  async run(context, command, args, io) {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { customer: { type: 'string' }, days: { type: 'string' }, 'private-key': { type: 'string' } },
    });
    if (command === 'license-issue') {
      if (!values.customer) {
        io.err('usage: license-issue --customer <name> [--days 365] [--private-key <pem file>]');
        return 2;
      }
      const input = { customer: values.customer, days: Number(values.days ?? 365) };
      const key = values['private-key'];
      io.out(key ? issueLicense(readFileSync(key, 'utf8'), input) : issueDevLicense(input));
      return 0;
    }
    const id = positionals[0];
    if (!id) {
      io.err('usage: license-release <license id>');
      return 2;
    }
    const isReleased = await context.withDeps((deps) => releaseLicense(deps, id));
    io.out(isReleased ? `released ${id}` : `no activated license ${id}`);
    return isReleased ? 0 : 1;
  },
};

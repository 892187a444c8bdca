/**
 * Operator commands of registration:
 *
 *   invite-create <code> [--uses 1] [--days N]
 *       creates a registration invite code (at most 16 characters), usable `--uses` times and, with
 *       `--days`, only for that many days
 *   marketplace-token <customer id> [--offer <type>] [--hours 24]
 *       prints a development cloud-marketplace token (accepted only where no MARKETPLACE_PROVIDER is
 *       set and development adapters answer)
 */

import { parseArgs } from 'node:util';
import { Limits } from '@console/contract/limits';
import { issueDevMarketplaceToken } from '../../adapters/marketplace';
import type { TCliCommands } from '../../context';
import { writeAudit } from '../audit';
import { createInviteCode, maskInviteCode } from './registration.service';

export const registrationCli: TCliCommands = {
  commands: ['invite-create', 'marketplace-token'],
  async run(context, command, args, io) {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        uses: { type: 'string' },
        days: { type: 'string' },
        offer: { type: 'string' },
        hours: { type: 'string' },
      },
    });
    if (command === 'invite-create') {
      const code = positionals[0];
      if (!code || code.length > Limits.inviteCodeMax) {
        io.err(
          `usage: invite-create <code of at most ${Limits.inviteCodeMax} characters> [--uses 1] [--days N]`,
        );
        return 2;
      }
      await context.withDeps((deps) =>
        createInviteCode(
          deps,
          { code, maxUses: Number(values.uses ?? 1), validDays: values.days ? Number(values.days) : null },
          (tx, created) =>
            writeAudit(tx, {
              accountId: null,
              userId: null,
              username: null,
              action: 'inviteCode.create',
              objectType: 'inviteCode',
              objectName: maskInviteCode(created.code),
              isSuccess: true,
              info: {
                by: 'operator',
                maxUses: created.maxUses,
                expiresAt: created.expiresAt?.toISOString() ?? null,
              },
              createdAt: deps.clock.now(),
            }),
        ),
      );
      io.out(`created invite code ${code}`);
      return 0;
    }
    const customer = positionals[0];
    if (!customer) {
      io.err('usage: marketplace-token <customer id> [--offer <type>] [--hours 24]');
      return 2;
    }
    const { config } = context;
    if (config.marketplace || !config.devAdapters) {
      io.err(
        'development marketplace tokens are accepted only where no MARKETPLACE_PROVIDER is set and development adapters answer (outside production, or DEV_ADAPTERS=1)',
      );
      return 1;
    }
    const hours = Number(values.hours ?? 24);
    io.out(issueDevMarketplaceToken(config.secretKey, customer, values.offer ?? null, hours * 3_600_000));
    return 0;
  },
};

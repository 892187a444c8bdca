/**
 * The operator commands each module keeps in its `*.cli.ts`, run as the dispatcher (src/cli.ts)
 * runs them: with a context that opens the dependencies only for the commands that need them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCliCommands, TCliContext } from '../src/context';
import { accounts, auditEntries, inviteCodes } from '../src/db/schema';
import { findAccountByName } from '../src/modules/account';
import { accountCli } from '../src/modules/account/account.cli';
import { auditCli } from '../src/modules/audit/audit.cli';
import { licenseCli } from '../src/modules/license/license.cli';
import { mfaCli } from '../src/modules/mfa/mfa.cli';
import { registrationCli } from '../src/modules/registration/registration.cli';
import { isInviteCodeUsable } from '../src/modules/registration/registration.repository';
import { createTestApp, login, seedAccount, type TTestApp } from './harness';

let t: TTestApp;
let opened = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function context(): TCliContext {
  return {
    config: t.deps.config,
    withDeps: (work) => {
      opened += 1;
      return work(t.deps);
    },
  };
}

async function run(set: TCliCommands, command: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const before = opened;
  const status = await set.run(context(), command, args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { status, out, err, isDatabaseOpened: opened > before };
}

const audit = auditCli(async (db, name) => (await findAccountByName(db, name))?.id ?? null);

describe('operator commands of the modules', () => {
  it('invite-create makes a code that registration accepts, for its uses and days; a long code changes nothing', async () => {
    const made = await run(registrationCli, 'invite-create', 'SPRING2026', '--uses', '3', '--days', '7');
    expect(made).toMatchObject({ status: 0, out: ['created invite code SPRING2026'] });
    const [row] = await t.deps.db.select().from(inviteCodes).where(eq(inviteCodes.code, 'SPRING2026'));
    expect(row?.maxUses).toBe(3);
    expect(row?.expiresAt?.toISOString()).toBe('2026-11-08T08:00:00.000Z');
    expect(await isInviteCodeUsable(t.deps.db, 'SPRING2026', t.clock.now())).toBe(true);
    expect(await isInviteCodeUsable(t.deps.db, 'SPRING2026', new Date('2026-11-09T00:00:00Z'))).toBe(false);

    const refused = await run(registrationCli, 'invite-create', 'SEVENTEEN-CHARS-X');
    expect(refused.status).toBe(2);
    expect(refused.err[0]).toContain('at most 16 characters');
    expect(refused.isDatabaseOpened).toBe(false);
    expect(
      await t.deps.db.select().from(inviteCodes).where(eq(inviteCodes.code, 'SEVENTEEN-CHARS-X')),
    ).toEqual([]);
  });

  it('the commands that only sign never open the database', async () => {
    const licence = await run(licenseCli, 'license-issue', '--customer', 'Acme Ltd', '--days', '30');
    expect(licence.status).toBe(0);
    expect(licence.out[0]).toMatch(/^HWL1\./);
    expect(licence.isDatabaseOpened).toBe(false);

    const activation = await run(accountCli, 'activation-create', '--kind', 'extend', '--extend-days', '10');
    expect(activation.status).toBe(0);
    expect(activation.out[0]).toMatch(/^ACT1\.[\w-]+\.[\w-]+$/);
    expect(activation.isDatabaseOpened).toBe(false);
    expect((await run(accountCli, 'activation-create', '--kind', 'lifetime')).status).toBe(2);

    const token = await run(registrationCli, 'marketplace-token', 'customer-7', '--hours', '2');
    expect(token.status).toBe(0);
    expect(token.out[0]).toMatch(/^mkt1\./);
    expect(token.isDatabaseOpened).toBe(false);
  });

  it('license-release answers 1 for a licence that is not activated', async () => {
    const released = await run(licenseCli, 'license-release', 'no-such-licence');
    expect(released).toMatchObject({ status: 1, out: ['no activated license no-such-licence'] });
    expect((await run(licenseCli, 'license-release')).status).toBe(2);
  });

  it('audit-verify checks one account chain by its name, and names an unknown account', async () => {
    const account = await seedAccount(t.deps, 'chainco');
    await login(t.app, 'chainco', account.admin.username, 'wrong-password');
    await login(t.app, 'chainco', account.admin.username, account.admin.password);

    const verified = await run(audit, 'audit-verify', '--account', 'ChainCo');
    expect(verified.status).toBe(0);
    expect(verified.out).toEqual([`account ${account.id}: intact (2 entries)`]);

    const unknown = await run(audit, 'audit-verify', '--account', 'nobody');
    expect(unknown).toMatchObject({ status: 1, err: ['no account nobody'] });
  });

  it('mfa-requirement off is the way back for an account whose users cannot pass a second step', async () => {
    const account = await seedAccount(t.deps, 'lockedout');
    await t.deps.db.update(accounts).set({ mfaRequired: true }).where(eq(accounts.id, account.id));
    const stopped = await run(mfaCli, 'mfa-requirement', 'off', 'LockedOut');
    expect(stopped).toMatchObject({
      status: 0,
      out: ['Account LockedOut no longer requires login protection of its users.'],
    });
    const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.mfaRequired).toBe(false);
    const [entry] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, account.id), eq(auditEntries.action, 'account.mfaPolicy')));
    expect(entry).toMatchObject({ userId: null, info: { required: false, by: 'operator' } });
    // The users sign in with their password alone again.
    const signedIn = await login(t.app, 'lockedout', account.member.username, account.member.password);
    expect((signedIn.json() as { data: { token: string | null } }).data.token).toBeTruthy();

    expect((await run(mfaCli, 'mfa-requirement', 'off', 'lockedout')).out).toEqual([
      'Account lockedout did not require login protection: nothing was changed.',
    ]);
    expect(await run(mfaCli, 'mfa-requirement', 'off', 'nobody')).toMatchObject({
      status: 1,
      err: ['no account nobody'],
    });
    const wrong = await run(mfaCli, 'mfa-requirement', 'on', 'lockedout');
    expect(wrong).toMatchObject({ status: 2, isDatabaseOpened: false });
  });
});

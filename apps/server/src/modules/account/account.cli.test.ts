import { ErrorCode } from '@console/contract/codes';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, login, type TTestApp } from '../../../test/harness';
import { accounts, auditEntries, users } from '../../db/schema';
import { verifyChains } from '../audit/audit.chain';
import { runAccountCommand } from './account.cli';
import { generateInitialPassword } from './account.service';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_REGISTER: '0', DEPLOY_MODE: 'onprem' } });
});
afterAll(() => t.close());

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runAccountCommand(t.deps, 'account-create', args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { status, out, err };
}

describe('account-create (the first account of an installation without self-registration)', () => {
  it('creates the account and its administrator, who must set a new password at the first sign-in', async () => {
    const result = await run('Acmeprod', '--admin', 'ops_admin', '--email', 'Ops@Acme.example', '--formal');
    expect(result.status).toBe(0);
    expect(result.out[0]).toMatch(/^Account acmeprod created \(id \d+\)\.$/);
    expect(result.out).toContain('Login address: http://acmeprod.accounts.localhost:8080');
    const password = /^Initial password \(shown once\): (\S+)$/.exec(result.out[3] ?? '')?.[1] ?? '';
    expect(password).toHaveLength(20);

    const [account] = await t.deps.db.select().from(accounts).where(eq(accounts.name, 'acmeprod'));
    expect(account).toMatchObject({ type: 3, status: 0, registrationEmail: 'ops@acme.example' });
    const [admin] = await t.deps.db.select().from(users).where(eq(users.username, 'ops_admin'));
    expect(admin).toMatchObject({ mustResetPassword: true, email: 'ops@acme.example' });
    expect(admin?.passwordHash).not.toContain(password);

    // The one-time password signs in only as far as the forced reset.
    const signIn = envelope<{ username: string }>(await login(t.app, 'acmeprod', 'ops_admin', password));
    expect(signIn).toMatchObject({ code: ErrorCode.passwordMustReset, data: { username: 'ops_admin' } });
    const wrong = envelope(await login(t.app, 'acmeprod', 'ops_admin', `${password}x`));
    expect(wrong.code).toBe(ErrorCode.wrongPassword);
  });

  it('is audited in the installation chain and in the new account chain', async () => {
    const [account] = await t.deps.db.select().from(accounts).where(eq(accounts.name, 'acmeprod'));
    const installation = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(isNull(auditEntries.accountId), eq(auditEntries.action, 'account.create')));
    expect(installation).toHaveLength(1);
    expect(installation[0]).toMatchObject({
      objectType: 'account',
      objectName: 'acmeprod',
      status: 1,
      info: { by: 'operator', account: 'acmeprod', admin: 'ops_admin', type: 'formal' },
    });
    const own = await t.deps.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accountId, account?.id ?? 0), eq(auditEntries.action, 'account.create')));
    expect(own).toHaveLength(1);
    expect(JSON.stringify([...installation, ...own])).not.toMatch(/password/i);
    const reports = await verifyChains(t.deps.db, [0, account?.id ?? 0]);
    expect(reports.every((r) => r.isIntact)).toBe(true);
  });

  it('takes a mainland or international phone, and a trial account by default', async () => {
    expect((await run('phonetrial', '--admin', 'phone_admin', '--phone', '13912345678')).status).toBe(0);
    const [trial] = await t.deps.db.select().from(accounts).where(eq(accounts.name, 'phonetrial'));
    expect(trial).toMatchObject({ type: 2, registrationPhone: '+86 13912345678' });
    expect((await run('abroad', '--admin', 'abroad_admin', '--phone', '+44 7700900123')).status).toBe(0);
    const [admin] = await t.deps.db.select().from(users).where(eq(users.username, 'abroad_admin'));
    expect(admin).toMatchObject({ phone: '7700900123', phoneCode: '44' });
  });

  it('refuses what it cannot create, saying why, and creates nothing', async () => {
    const before = (await t.deps.db.select().from(accounts)).length;
    const cases: [string[], RegExp][] = [
      [
        ['acmeprod', '--admin', 'other_admin', '--email', 'x@example.com'],
        /an account named acmeprod exists/,
      ],
      [['another', '--admin', 'other_admin', '--email', 'ops@acme.example'], /e-mail address is registered/],
      [['another', '--admin', 'other_admin', '--phone', '13912345678'], /phone number is registered/],
      [['another', '--admin', 'other_admin'], /--email or --phone is required/],
      [['acme2026', '--admin', 'other_admin', '--email', 'x@example.com'], /letters only/],
      [['another', '--admin', '1admin', '--email', 'x@example.com'], /--admin must start with a letter/],
      [['another', '--admin', 'other_admin', '--email', 'not-an-address'], /not an e-mail address/],
      [['another', '--admin', 'other_admin', '--phone', '12345'], /--phone must be a mainland number/],
    ];
    for (const [args, message] of cases) {
      const result = await run(...args);
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.err.join('\n')).toMatch(message);
    }
    expect((await run('--admin', 'x')).status).toBe(2);
    expect((await run('another', '--admin', 'a_admin', '--unknown')).status).toBe(2);
    expect((await t.deps.db.select().from(accounts)).length).toBe(before);
  });

  it('generates passwords of all four classes that differ each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i += 1) {
      const password = generateInitialPassword();
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[@#%+=?!]/);
      seen.add(password);
    }
    expect(seen.size).toBe(50);
  });
});

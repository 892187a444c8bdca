/**
 * Remittance: the bank details with the remark naming the account, reporting a transfer with its
 * certificate, and the operator's commands: confirming credits once, rejecting keeps a note.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@console/contract/codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../../test/harness';
import { rowsOf } from '../../../db/client';
import { translateValidation } from '../../../i18n';
import { multipart, samples } from '../uploads/upload.fixtures';
import { runRemittanceCommand } from './remittance.cli';

let t: TTestApp;
let dir: string;
let demo: TSeededAccount;
let admin: string;
let member: string;
let acmeAdmin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-remittance-'));
  t = await createTestApp({ env: { UPLOAD_DIR: dir } });
  demo = await seedAccount(t.deps, 'demo');
  const acme = await seedAccount(t.deps, 'acme');
  admin = await signIn(t.app, 'demo', demo.admin);
  member = await signIn(t.app, 'demo', demo.member);
  acmeAdmin = await signIn(t.app, 'acme', acme.admin);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function uploadFile(token: string, purpose = 'remittance'): Promise<string> {
  const body = multipart('transfer.pdf', samples.pdf);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/portal/billing/certification/upload?fileName=transfer.pdf&purpose=${purpose}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return envelope<{ fileId: string }>(res).data.fileId;
}

function post(path: string, token: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/portal/billing/${path}`,
    headers: { ...bearer(token), 'cz-lang': 'en-US' },
    payload,
  });
}

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runRemittanceCommand(t.deps, 'remittance', args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { status, out, err };
}

async function cashFen(accountId: number): Promise<number> {
  const rows = rowsOf<{ cash_fen: number }>(
    await t.deps.db.execute(sql`select cash_fen from funds where account_id = ${accountId}`),
  );
  return Number(rows[0]?.cash_fen ?? 0);
}

async function audit(objectId: number) {
  return rowsOf<{ action: string; user_id: number | null }>(
    await t.deps.db.execute(
      sql`select action, user_id from audit_entries where object_type = 'remittance' and object_id = ${String(objectId)} order by id`,
    ),
  );
}

describe('remittance', () => {
  it('shows the bank account and a remark naming the account', async () => {
    const res = await t.app.inject({ url: '/api/portal/billing/remittance/info', headers: bearer(admin) });
    expect(envelope(res).data).toEqual({
      accountName: t.deps.config.remittance?.accountName,
      bankName: t.deps.config.remittance?.bankName,
      bankAccount: t.deps.config.remittance?.bankAccount,
      remark: 'TOPUP-demo',
    });
  });

  it('reports a transfer with its certificate; confirming credits once, a second confirm changes nothing', async () => {
    const fileId = await uploadFile(admin);
    const res = await post('remittance/submit', admin, {
      amount: '5000.5',
      payerName: 'Demo Trading Co., Ltd.',
      payerAccount: '6222 0000 1111',
      fileId,
    });
    const remittance = envelope<{ id: number; status: string; amount: string; fileName: string }>(res).data;
    expect(remittance).toMatchObject({ status: 'pending', amount: '5000.50', fileName: 'transfer.pdf' });
    // The same certificate cannot back a second report.
    expect((await post('remittance/submit', admin, { amount: '1', payerName: 'x', fileId })).statusCode).toBe(
      409,
    );

    const list = envelope<{ list: { id: number }[]; total: number }>(
      await post('remittance/list', admin, { pageNo: 1, pageSize: 20 }),
    ).data;
    expect(list.total).toBe(1);
    expect((await cli('list', '--pending')).out.join('\n')).toContain(
      `${remittance.id}  pending  demo  5000.50  Demo Trading Co., Ltd.`,
    );

    const before = await cashFen(demo.id);
    const first = await cli('confirm', String(remittance.id));
    expect(first.status).toBe(0);
    expect(first.out[0]).toMatch(
      new RegExp(`^confirmed remittance ${remittance.id} of account demo: 5000.50 credited`),
    );
    expect(await cashFen(demo.id)).toBe(before + 500_050);
    const second = await cli('confirm', String(remittance.id));
    expect(second).toMatchObject({
      status: 1,
      err: [`remittance ${remittance.id} is confirmed, not pending: nothing was changed`],
    });
    expect(await cashFen(demo.id)).toBe(before + 500_050);
    expect(
      rowsOf(
        await t.deps.db.execute(
          sql`select type, channel, amount_fen from transactions where reference = ${`remittance:${remittance.id}`}`,
        ),
      ),
    ).toEqual([{ type: 'recharge', channel: 'bank', amount_fen: 500_050 }]);
    expect(await audit(remittance.id)).toEqual([
      { action: 'remittance.submit', user_id: demo.admin.id },
      { action: 'remittance.confirm', user_id: null },
    ]);
    const after = envelope<{ list: { status: string; reviewTime: string | null }[] }>(
      await post('remittance/list', admin, {}),
    ).data;
    expect(after.list[0]).toMatchObject({ status: 'confirmed' });
    expect(after.list[0]?.reviewTime).not.toBeNull();
  });

  it('rejects with a note the account sees, and a rejected one cannot be confirmed', async () => {
    const fileId = await uploadFile(admin);
    const { id } = envelope<{ id: number }>(
      await post('remittance/submit', admin, { amount: '10', payerName: 'Someone Else', fileId }),
    ).data;
    const before = await cashFen(demo.id);
    expect((await cli('reject', String(id), 'payer', 'does', 'not', 'match')).status).toBe(0);
    expect((await cli('confirm', String(id))).status).toBe(1);
    expect(await cashFen(demo.id)).toBe(before);
    const list = envelope<{ list: { id: number; status: string; reviewNote: string | null }[] }>(
      await post('remittance/list', admin, {}),
    ).data;
    expect(list.list.find((r) => r.id === id)).toMatchObject({
      status: 'rejected',
      reviewNote: 'payer does not match',
    });
    expect((await cli('confirm', '999999')).err).toEqual(['no remittance 999999']);
    await expect(cli('confirm', 'x')).rejects.toThrow(/usage/);
    await expect(cli('reject', String(id))).rejects.toThrow(/usage/);
  });

  it("refuses another account's file (403), a file of another purpose and bad amounts (400), members (4037)", async () => {
    const acmeFile = await uploadFile(acmeAdmin);
    expect(
      (await post('remittance/submit', admin, { amount: '1', payerName: 'x', fileId: acmeFile })).statusCode,
    ).toBe(403);
    const licence = await uploadFile(admin, 'businessLicense');
    const wrongPurpose = await post('remittance/submit', admin, {
      amount: '1',
      payerName: 'x',
      fileId: licence,
    });
    expect(envelope(wrongPurpose).data).toEqual({
      fieldErrors: { fileId: translateValidation('en-US', 'uploadType') },
    });
    const fileId = await uploadFile(admin);
    for (const [amount, key] of [
      ['0', 'amountPositive'],
      ['1.234', 'amountFormat'],
      ['10000000.01', 'rechargeAmountMax'],
    ] as const) {
      const res = await post('remittance/submit', admin, { amount, payerName: 'x', fileId });
      expect(envelope(res).data, amount).toEqual({
        fieldErrors: { amount: translateValidation('en-US', key) },
      });
    }
    const byMember = await post('remittance/submit', member, { amount: '1', payerName: 'x', fileId });
    expect(envelope(byMember).code).toBe(ErrorCode.notAccountAdmin);
    const info = await t.app.inject({ url: '/api/portal/billing/remittance/info', headers: bearer(member) });
    expect(envelope(info).code).toBe(ErrorCode.notAccountAdmin);
  });
});

/**
 * Certificate uploads: the type judged by content and extension together, the size limit, storage
 * under a random id, and downloads for the account's administrators only.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BillingLimits } from '@console/contract/billing-enums';
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
import { multipart, samples } from './upload.fixtures';

let t: TTestApp;
let dir: string;
let demo: TSeededAccount;
let admin: string;
let member: string;
let acmeAdmin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-uploads-'));
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

function upload(token: string, fileName: string, content: Buffer, purpose = 'remittance', field = 'file') {
  const body = multipart(fileName, content, field);
  return t.app.inject({
    method: 'POST',
    url: `/api/portal/billing/certification/upload?${new URLSearchParams({ fileName, purpose })}`,
    headers: { ...bearer(token), ...body.headers, 'cz-lang': 'en-US' },
    payload: body.payload,
  });
}

const typeError = { file: translateValidation('en-US', 'uploadType') };
const sizeError = { file: translateValidation('en-US', 'uploadSize') };

describe('certificate uploads', () => {
  it('takes JPG, JPEG, PNG and PDF files whose content matches their extension', async () => {
    for (const [name, content] of [
      ['transfer.jpg', samples.jpeg],
      ['transfer.JPEG', samples.jpeg],
      ['回单.png', samples.png],
      ['transfer certificate.pdf', samples.pdf],
    ] as const) {
      const res = await upload(admin, name, content);
      expect(res.statusCode, name).toBe(200);
      const data = envelope<{ fileId: string; fileName: string; size: number }>(res).data;
      expect(data).toMatchObject({ fileName: name, size: content.length });
      expect(data.fileId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    }
    // Stored under random ids, never under the user's names.
    const stored = readdirSync(dir, { recursive: true }).map(String);
    expect(stored.some((p) => p.includes('transfer') || p.includes('回单'))).toBe(false);
    expect(stored.filter((p) => /[A-Za-z0-9_-]{24}$/.test(p))).toHaveLength(4);
    const audit = rowsOf<{ n: number }>(
      await t.deps.db.execute(
        sql`select count(*)::int as n from audit_entries where action = 'upload.create' and account_id = ${demo.id}`,
      ),
    );
    expect(audit[0]?.n).toBe(4);
  });

  it('refuses other types, by content as well as by extension', async () => {
    for (const [name, content] of [
      ['fake.png', samples.text],
      ['image.pdf', samples.png],
      ['photo.png', samples.jpeg],
      ['scan.jpg', samples.pdf],
      ['archive.zip', samples.pdf],
      ['noextension', samples.png],
      ['empty.png', Buffer.alloc(0)],
      ['short.png', Buffer.from([0x89, 0x50])],
    ] as const) {
      const res = await upload(admin, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(envelope(res).data, name).toEqual({ fieldErrors: typeError });
    }
    // The file must come in the field `file`.
    expect((await upload(admin, 'a.png', samples.png, 'remittance', 'other')).statusCode).toBe(400);
    const count = rowsOf<{ n: number }>(
      await t.deps.db.execute(sql`select count(*)::int as n from uploads where account_id = ${demo.id}`),
    );
    expect(count[0]?.n).toBe(4);
  });

  it(`refuses files over ${BillingLimits.uploadMaxBytes} bytes (413), at the limit they pass`, async () => {
    const max = BillingLimits.uploadMaxBytes;
    const pad = (size: number) => Buffer.concat([samples.pdf, Buffer.alloc(size - samples.pdf.length, 0x20)]);
    const over = await upload(admin, 'big.pdf', pad(max + 1));
    expect(over.statusCode).toBe(413);
    expect(envelope(over).data).toEqual({ fieldErrors: sizeError });
    const far = await upload(admin, 'huge.pdf', pad(max + 200 * 1024));
    expect(far.statusCode).toBe(413);
    expect(envelope(far).data).toEqual({ fieldErrors: sizeError });
    const atLimit = await upload(admin, 'limit.pdf', pad(max));
    expect(atLimit.statusCode).toBe(200);
    const stored = readdirSync(dir, { recursive: true }).map(String);
    expect(stored.some((p) => p.endsWith('.part'))).toBe(false);
  });

  it("downloads a file for the account's administrators only", async () => {
    const { fileId } = envelope<{ fileId: string }>(await upload(admin, '转账回单.png', samples.png)).data;
    const download = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/portal/billing/certification/download',
        headers: { ...bearer(token), 'cz-lang': 'en-US' },
        payload: { fileId },
      });
    const res = await download(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____.png"; filename*=UTF-8''${encodeURIComponent('转账回单.png')}`,
    );
    expect(res.rawPayload.equals(samples.png)).toBe(true);
    expect((await download(acmeAdmin)).statusCode).toBe(403);
    expect(envelope(await download(member)).code).toBe(ErrorCode.notAccountAdmin);
    expect(envelope(await upload(member, 'a.png', samples.png)).code).toBe(ErrorCode.notAccountAdmin);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/portal/billing/certification/download',
      headers: bearer(admin),
      payload: { fileId: 'NoSuchFile00000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

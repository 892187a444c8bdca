/**
 * Uploads in an S3-compatible object store (`STORAGE=s3`), through the console's routes: two
 * replicas (two applications with a store client each, on one database) share the store, so a
 * remittance slip uploaded through one is shown by the other, under the same permission checks as
 * with the folder. The store is s3rver behind a front that checks every request's SigV4 signature
 * (test/provider-peers/s3-store.ts).
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { BillingLimits } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import type { FastifyInstance } from 'fastify';
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
import { startS3Store, type TS3Store } from '../../../../test/provider-peers/s3-store';
import { buildApp, loggerOptions } from '../../../app';
import { loadConfig } from '../../../config';
import type { TDeps } from '../../../context';
import { closeDeps, createDeps } from '../../../deps';
import { multipart, samples } from './upload.fixtures';

let store: TS3Store;
let a: TTestApp;
let b: { app: FastifyInstance; deps: TDeps };
let demo: TSeededAccount;
let adminOnA: string;
let adminOnB: string;
let memberOnB: string;
let acmeAdminOnB: string;

beforeAll(async () => {
  store = await startS3Store();
  a = await createTestApp({ env: store.env });
  // Replica B: its own configuration, dependencies and store client, on replica A's database.
  const deps = createDeps(loadConfig({ DEMO: '0', JOBS: '0', ...store.env }), a.deps.database, a.clock);
  b = { app: await buildApp(deps, { logger: false }), deps };
  await b.app.ready();
  demo = await seedAccount(a.deps, 'demo');
  const acme = await seedAccount(a.deps, 'acme');
  adminOnA = await signIn(a.app, 'demo', demo.admin);
  adminOnB = await signIn(b.app, 'demo', demo.admin);
  memberOnB = await signIn(b.app, 'demo', demo.member);
  acmeAdminOnB = await signIn(b.app, 'acme', acme.admin);
});
afterAll(async () => {
  await b?.app.close();
  if (b) await closeDeps(b.deps);
  await a?.close();
  await store?.close();
});

function upload(app: FastifyInstance, token: string, fileName: string, content: Buffer) {
  const body = multipart(fileName, content);
  return app.inject({
    method: 'POST',
    url: `/api/portal/billing/certification/upload?${new URLSearchParams({ fileName, purpose: 'remittance' })}`,
    headers: { ...bearer(token), ...body.headers, 'cz-lang': 'en-US' },
    payload: body.payload,
  });
}

function download(app: FastifyInstance, token: string, fileId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/portal/billing/certification/download',
    headers: { ...bearer(token), 'cz-lang': 'en-US' },
    payload: { fileId },
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const pdfOf = (size: number) =>
  Buffer.concat([samples.pdf, Buffer.alloc(size - samples.pdf.length, 'licence scan ')]);

describe('uploads in an object store, two replicas', () => {
  it('shows on replica B a slip uploaded through replica A, to administrators of the account only', async () => {
    const res = await upload(a.app, adminOnA, '转账回单.png', samples.png);
    expect(res.statusCode).toBe(200);
    const { fileId } = envelope<{ fileId: string }>(res).data;
    const shown = await download(b.app, adminOnB, fileId);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.rawPayload.equals(samples.png)).toBe(true);
    expect((await download(b.app, acmeAdminOnB, fileId)).statusCode).toBe(403);
    expect(envelope(await download(b.app, memberOnB, fileId)).code).toBe(ErrorCode.notAccountAdmin);
    // The object went to the store under the file's random id, never the user's name.
    const put = store.requests.find((r) => r.method === 'PUT' && r.refused === null);
    expect(put?.url).toMatch(new RegExp(`^/${store.bucket}/uploads/${fileId}(\\?|$)`));
    expect(store.requests.filter((r) => r.refused !== null)).toEqual([]);
  });

  it('carries a licence at the size limit both ways, in parts, byte for byte', async () => {
    const licence = pdfOf(BillingLimits.uploadMaxBytes);
    const res = await upload(b.app, adminOnB, 'licence.pdf', licence);
    expect(res.statusCode).toBe(200);
    const { fileId, size } = envelope<{ fileId: string; size: number }>(res).data;
    expect(size).toBe(licence.length);
    expect(store.requests.filter((r) => r.url.includes(`${fileId}?partNumber=`)).length).toBe(2);
    const shown = await download(a.app, adminOnA, fileId);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-length']).toBe(String(licence.length));
    expect(sha256(shown.rawPayload)).toBe(sha256(licence));
  });

  it('sends nothing to the store for a wrong type, and keeps nothing of a file over the limit', async () => {
    const before = store.requests.length;
    const wrong = await upload(a.app, adminOnA, 'fake.png', samples.text);
    expect(wrong.statusCode).toBe(400);
    expect(store.requests.slice(before).filter((r) => r.method === 'PUT' || r.method === 'POST')).toEqual([]);
    const over = await upload(a.app, adminOnA, 'big.pdf', pdfOf(BillingLimits.uploadMaxBytes + 1));
    expect(over.statusCode).toBe(413);
    // What went up was removed again (a completed upload, then its DELETE).
    const removed = store.requests
      .slice(before)
      .filter((r) => r.method === 'DELETE' && !r.url.includes('uploadId='));
    expect(removed).toHaveLength(1);
    const key = removed[0]?.url.split('/').at(-1)?.split('?')[0] ?? '';
    expect(await a.deps.storage.get(key)).toBeNull();
  });

  it('answers not found when the object is gone from the store, as the folder does', async () => {
    const { fileId } = envelope<{ fileId: string }>(
      await upload(a.app, adminOnA, 'slip.jpg', samples.jpeg),
    ).data;
    await a.deps.storage.remove(fileId);
    expect((await download(b.app, adminOnB, fileId)).statusCode).toBe(404);
  });

  it('answers 503 in the user language when the store refuses the replica, and records nothing', async () => {
    const refused = createDeps(
      loadConfig({ DEMO: '0', JOBS: '0', ...store.env, S3_SECRET_ACCESS_KEY: 'not-the-secret' }),
      a.deps.database,
      a.clock,
    );
    let logged = '';
    const log = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const app = await buildApp(refused, { logger: loggerOptions('debug', log) });
    await app.ready();
    try {
      const token = await signIn(app, 'demo', demo.admin);
      const { fileId } = envelope<{ fileId: string }>(
        await upload(a.app, adminOnA, 'ok.png', samples.png),
      ).data;
      const res = await upload(app, token, 'slip.png', samples.png);
      expect(res.statusCode).toBe(503);
      expect(envelope(res)).toMatchObject({ code: ErrorCode.unavailable, data: null });
      expect(envelope(res).message).toMatch(/try again later/i);
      const read = await download(app, token, fileId);
      expect(read.statusCode).toBe(503);
      const rows = await a.app.inject({
        method: 'POST',
        url: '/api/portal/audit/list',
        headers: bearer(adminOnA),
        payload: { pageSize: 50 },
      });
      const names = envelope<{ list: { objectName: string }[] }>(rows).data.list.map((e) => e.objectName);
      expect(names).not.toContain('slip.png');
      // The log says what the store answered, never the key or the secret.
      expect(logged).toContain('the object store answered SignatureDoesNotMatch (HTTP 403');
      expect(logged).not.toContain(store.accessKeyId);
      expect(logged).not.toContain('not-the-secret');
      expect(logged).not.toContain(store.secretAccessKey);
    } finally {
      await app.close();
      await closeDeps(refused);
    }
  });
});

/**
 * The back office's pages on the ops listener (decision 0049): the page at `/` and at the pages'
 * paths with the listener's security headers, its assets with long caching, the API's 404 in the
 * envelope under `/api/…`, nothing of it on the customers' listener, and an API-only listener
 * where the build is missing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/harness';
import { buildOpsApp } from '../../app';
import { opsWebDirOf } from './ops-web.routes';

const page =
  '<!doctype html><html><head><title>Back office</title></head><body><div id="root"></div></body></html>';
let dir: string;
let t: TTestApp;
let ops: FastifyInstance;
let apiOnly: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ops-web-'));
  const opsDir = opsWebDirOf(join(dir, 'dist'));
  mkdirSync(join(opsDir, 'assets'), { recursive: true });
  writeFileSync(join(opsDir, 'ops.html'), page);
  writeFileSync(join(opsDir, 'assets', 'ops-abc123.js'), 'console.log("ops")');
  t = await createTestApp();
  ops = await buildOpsApp(t.deps, { opsWebDir: opsDir });
  apiOnly = await buildOpsApp(t.deps, { opsWebDir: join(dir, 'nowhere') });
  await Promise.all([ops.ready(), apiOnly.ready()]);
});
afterAll(async () => {
  await ops?.close();
  await apiOnly?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the back office pages', () => {
  it.each(['/', '/sign-in', '/operators', '/my-account?tab=1'])(
    '%s answers the page with the security headers',
    async (url) => {
      const res = await ops.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(page);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('serves the assets with long caching, not the page under its file name', async () => {
    const asset = await ops.inject({ method: 'GET', url: '/assets/ops-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('ops');
    // The page's file name reads as a page path: the same page, never cached as an asset.
    const byName = await ops.inject({ method: 'GET', url: '/ops.html' });
    expect(byName.headers['cache-control']).toBe('no-cache');
  });

  it('keeps /api/… the API: a 404 in the envelope, and the API answers as before', async () => {
    const missing = await ops.inject({
      method: 'GET',
      url: '/api/ops/nothing-here',
      headers: { 'cz-lang': 'en-US' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, data: null });
    const me = await ops.inject({ method: 'GET', url: '/api/ops/me' });
    expect(me.statusCode).toBe(401);
    const doc = await ops.inject({ method: 'GET', url: '/api/ops/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toHaveProperty('paths');
    const post = await ops.inject({ method: 'POST', url: '/operators' });
    expect(post.statusCode).toBe(404);
  });

  it('without the build, the listener is the API alone', async () => {
    const res = await apiOnly.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it("the customers' listener serves nothing of the back office", async () => {
    for (const url of ['/api/ops/me', '/api/ops/openapi.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });
});

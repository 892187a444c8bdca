import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routes } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TTestApp } from '../test/harness';
import { redactUrl } from './app';
import { renderIndex } from './modules/web/web.routes';

let t: TTestApp;
const webDir = mkdtempSync(join(tmpdir(), 'console-web-'));

beforeAll(async () => {
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><html><head><!--cz-meta--></head><body></body></html>',
  );
  t = await createTestApp({
    webDir,
    env: {
      EDITION: 'international',
      DEPLOY_MODE: 'onprem',
      PUBLIC_URL: 'https://console.example.com',
      MOBILE_LOGIN_HOSTS: 'm.example.com',
    },
  });
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('answers /healthz and /readyz', async () => {
    expect(envelope(await t.app.inject('/healthz')).data).toEqual({ status: 'ok' });
    expect(envelope(await t.app.inject('/readyz')).data).toEqual({ status: 'ok' });
  });

  it('answers 503 from /readyz when the database does not answer', async () => {
    const ping = t.deps.database.ping;
    t.deps.database.ping = () =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(envelope(res).code).toBe(503);
    } finally {
      t.deps.database.ping = ping;
    }
  });

  it('reports edition, mode and feature flags in /api/meta', async () => {
    const meta = envelope<Record<string, unknown>>(await t.app.inject('/api/meta')).data;
    expect(meta).toMatchObject({
      edition: 'international',
      deployMode: 'onprem',
      defaultLanguage: 'en-US',
      consoleUrl: 'https://console.example.com',
      features: { register: true, globalPhone: true },
      mobileLoginHosts: ['m.example.com'],
    });
  });

  it('publishes an OpenAPI 3.1 document with every route of the contract, and a readable page', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const [id, route] of Object.entries(routes)) {
      expect(
        doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]?.operationId,
        id,
      ).toBe(id);
    }
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('web app serving', () => {
  it('serves index.html with the meta for console paths (history fallback), not for API paths', async () => {
    for (const path of ['/', '/login', '/accounts/1/workbench', '/billing/cost/month/3']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('window.__CZ_META__={"edition":"international"');
    }
    expect((await t.app.inject('/api/unknown')).headers['content-type']).toContain('application/json');
  });

  it('escapes the injected meta so that no value closes the script element', () => {
    const html = renderIndex('<head><!--cz-meta--></head>', { x: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('\\u003c/script>');
  });
});

describe('log redaction', () => {
  it('hides the values of sensitive query parameters', () => {
    expect(redactUrl('/confirm?t=abc&x=1&token=zzz&code=123456')).toBe(
      '/confirm?t=[redacted]&x=1&token=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/portal/account/checkAwsMktToken?awsMktToken=mkt1.abc&awsMktOfferType=free')).toBe(
      '/api/portal/account/checkAwsMktToken?awsMktToken=[redacted]&awsMktOfferType=free',
    );
  });
});

import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routes } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TTestApp } from '../test/harness';
import { redactUrl } from './app';
import { permissionsPolicyFeatures } from './http/security-headers';
import { loginBootScript } from './modules/web/login-page';
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

describe('browser-security headers', () => {
  function directives(csp: string | undefined): Map<string, string[]> {
    return new Map(
      (csp ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name as string, values]),
    );
  }

  it('sends the header set on HTML pages, API answers and errors alike', async () => {
    const answers = {
      page: await t.app.inject('/login'),
      meta: await t.app.inject('/api/meta'),
      unauthenticated: await t.app.inject('/api/portal/user/getCurrentUser'),
      notFound: await t.app.inject('/api/unknown'),
      badJson: await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
    };
    for (const [what, res] of Object.entries(answers)) {
      const h = res.headers;
      expect(h['x-content-type-options'], what).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(h['cross-origin-resource-policy']).toBe('same-origin');
      expect(h['permissions-policy']).toMatch(/camera=\(\)/);
      expect(h['permissions-policy']).toMatch(/geolocation=\(\)/);
      const csp = directives(h['content-security-policy'] as string);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
    }
  });

  it('sends a Permissions-Policy of well-formed entries, each feature once, none a browser does not know', async () => {
    const res = await t.app.inject('/login');
    const entries = String(res.headers['permissions-policy'])
      .split(',')
      .map((entry) => entry.trim());
    for (const entry of entries) expect(entry).toMatch(/^[a-z][a-z-]*=\((self)?\)$/);
    const features = entries.map((entry) => entry.slice(0, entry.indexOf('=')));
    expect(new Set(features).size).toBe(features.length);
    expect(features).toEqual(permissionsPolicyFeatures.map(([feature]) => feature));
    // Chromium governs Web Bluetooth by no policy and logs "Unrecognized feature" for it on every
    // page; the browser test checks the whole list against Chromium's own.
    expect(features).not.toContain('bluetooth');
    expect(entries).toContain('camera=()');
    expect(entries).toContain('publickey-credentials-get=(self)');
  });

  it('allows scripts from the console only, plus the inline meta script and the login boot script by their hashes', async () => {
    const res = await t.app.inject('/login');
    const csp = directives(res.headers['content-security-policy'] as string);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    const boot = `'sha256-${createHash('sha256').update(loginBootScript).digest('base64')}'`;
    expect(scripts).toEqual(["'self'", hash, boot]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // The public address is https: browsers are told to upgrade any plain-HTTP request.
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('sends HSTS only for requests that came over HTTPS', async () => {
    expect((await t.app.inject('/login')).headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const viaHttps = await proxied.app.inject({
        url: '/api/meta',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const viaHttp = await proxied.app.inject({
        url: '/api/meta',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
      // Without TRUST_PROXY the header is the client's word only, and is not believed.
      const direct = await t.app.inject({ url: '/api/meta', headers: { 'x-forwarded-proto': 'https' } });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
      // A plain-HTTP installation is not told to upgrade requests.
      const csp = directives(viaHttp.headers['content-security-policy'] as string);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
    } finally {
      await proxied.close();
    }
  });

  it('lets the API reference page load its own scripts', async () => {
    const page = await t.app.inject('/api/docs/');
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(page.body).not.toMatch(/<script>[^<]/);
  });
});

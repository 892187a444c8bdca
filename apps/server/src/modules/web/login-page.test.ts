import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { TMeta } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/harness';
import { scriptHash } from '../../http/security-headers';
import { buildMeta } from '../meta/meta.routes';
import {
  loginBootScript,
  loginDocument,
  loginPageLanguage,
  pickEncoding,
  type TLoginRequest,
} from './login-page';

const meta = {
  defaultLanguage: 'zh-CN',
  consoleUrl: 'https://console.example.com',
  mobileLoginHosts: ['m.example.com', '*.phone.example.com'],
} as TMeta;

const request = (over: Partial<TLoginRequest> = {}): TLoginRequest => ({
  url: '/login',
  host: 'console.example.com',
  cookies: {},
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  ...over,
});

const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

describe('the prerendered login page: which variant a request gets', () => {
  it('takes the language the page takes: the cz-lang cookie, else the deployment default', () => {
    expect(loginPageLanguage(request(), meta)).toBe('zh-CN');
    expect(loginPageLanguage(request({ cookies: { 'cz-lang': 'en-US' } }), meta)).toBe('en-US');
    expect(loginPageLanguage(request({ cookies: { 'cz-lang': 'fr-FR' } }), meta)).toBe('zh-CN');
    expect(loginPageLanguage(request(), { ...meta, defaultLanguage: 'en-US' })).toBe('en-US');
  });

  it('serves it with queries that do not change the form', () => {
    expect(loginPageLanguage(request({ url: '/login?redirect=%2Fworkbench' }), meta)).toBe('zh-CN');
    expect(loginPageLanguage(request({ url: '/login?ssoRedirect=true' }), meta)).toBe('zh-CN');
  });

  it('leaves to the browser what the address prefills: ?account=, ?username=, an account host', () => {
    expect(loginPageLanguage(request({ url: '/login?account=acme' }), meta)).toBeNull();
    expect(loginPageLanguage(request({ url: '/login?username=ann' }), meta)).toBeNull();
    expect(loginPageLanguage(request({ host: 'acme.accounts.console.example.com' }), meta)).toBeNull();
    // Not an account name: the plain form.
    expect(loginPageLanguage(request({ host: 'a1.accounts.console.example.com' }), meta)).toBe('zh-CN');
  });

  it('leaves the mobile login to the browser: a phone on a mobile-login host, the face pages', () => {
    expect(loginPageLanguage(request({ host: 'm.example.com', userAgent: phone }), meta)).toBeNull();
    expect(
      loginPageLanguage(request({ host: 'a.phone.example.com:8443', userAgent: phone }), meta),
    ).toBeNull();
    expect(loginPageLanguage(request({ url: '/login?from=faceRecognition' }), meta)).toBeNull();
    // A phone elsewhere, or a desktop on the mobile host, gets the form.
    expect(loginPageLanguage(request({ userAgent: phone }), meta)).toBe('zh-CN');
    expect(loginPageLanguage(request({ host: 'm.example.com' }), meta)).toBe('zh-CN');
  });

  it('is only for /login', () => {
    expect(loginPageLanguage(request({ url: '/login/x' }), meta)).toBeNull();
    expect(loginPageLanguage(request({ url: '/workbench' }), meta)).toBeNull();
  });
});

describe('the encoding of the login document', () => {
  it('sends brotli, else gzip, else the text, as the request accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('br');
  });
});

describe('the login document', () => {
  const index =
    '<!doctype html><html lang="zh-CN"><head><title>Console</title><script>m</script>' +
    '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
    '<body><div id="root"></div></body></html>';
  const files: Record<string, string> = {
    'assets/index-1.css': 'body{margin:0}',
    'assets/login-1.css': '.cz-login{display:flex}',
  };
  const doc = loginDocument(
    index,
    { lang: 'en-US', title: 'Log in · A<B', description: 'One "account"', html: '<form>f</form>' },
    {
      css: ['assets/login-1.css'],
      js: ['assets/login-1.js', 'assets/index-1.js'],
      prefetch: ['assets/console-app-1.js', 'assets/index-1.js', 'assets/console-shell-1.css'],
    },
    (file) => files[file] ?? '',
  );

  it('names the language, the title and a description', () => {
    expect(doc).toContain('<html lang="en-US">');
    expect(doc).toContain('<title>Log in · A&lt;B</title>');
    expect(doc).toContain('<meta name="description" content="One &quot;account&quot;" />');
  });

  it('has the styles inline and the page scripts preloaded, the rendered page in #root', () => {
    expect(doc).toContain('<style>body{margin:0}</style>');
    expect(doc).not.toContain('href="/assets/index-1.css"');
    expect(doc).toContain('<style>.cz-login{display:flex}</style>');
    expect(doc).toContain('<link rel="stylesheet" href="/assets/login-1.css" media="print">');
    expect(doc).toContain(
      '<div id="root" data-prerender="login" data-lang="en-US" data-boot="/assets/index-1.js /assets/login-1.js"' +
        ' data-prefetch="/assets/console-app-1.js /assets/console-shell-1.css"><form>f</form></div>',
    );
  });

  it('asks for its scripts only after the first paint, entry first, each once', () => {
    // Nothing in the head makes the browser fetch a script before it has drawn the form.
    expect(doc).not.toContain('<script type="module"');
    expect(doc).not.toContain('<link rel="modulepreload"');
    expect(doc.match(/index-1\.js/g)).toHaveLength(1);
    expect(doc).toContain(`</div>\n    <script>${loginBootScript}</script>`);
  });
});

describe('GET /login', () => {
  let t: TTestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'console-web-login-'));

  beforeAll(async () => {
    mkdirSync(join(webDir, '.prerender'));
    mkdirSync(join(webDir, '.vite'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html lang="zh-CN"><head><title>Console</title><!--cz-meta--></head>' +
        '<body><div id="root"></div></body></html>',
    );
    writeFileSync(join(webDir, 'assets/login-1.css'), '.cz-login{display:flex}');
    writeFileSync(
      join(webDir, '.vite/manifest.json'),
      JSON.stringify({
        'src/features/auth/routes/login.tsx': { file: 'assets/login-1.js', css: ['assets/login-1.css'] },
        '../../packages/phrases/src/en-us/login.ts': { file: 'assets/login-en.js' },
        '../../packages/phrases/src/zh-cn/login.ts': { file: 'assets/login-zh.js' },
        'src/app/console/console-app.tsx': { file: 'assets/console-app-1.js', imports: ['_shared-1.js'] },
        'src/app/console/console-shell.tsx': {
          file: 'assets/console-shell-1.js',
          imports: ['_shared-1.js'],
          css: ['assets/console-shell-1.css'],
        },
        'src/app/routes/workbench.tsx': { file: 'assets/workbench-1.js' },
        '_shared-1.js': { file: 'assets/shared-1.js' },
      }),
    );
    // The web build's server render, as small as its interface: it sees the meta it is given.
    writeFileSync(
      join(webDir, '.prerender/prerender.js'),
      `export async function renderLogin(meta) {
        return ['zh-CN', 'en-US'].map((lang) => ({
          lang, title: lang + ' title', description: lang + ' text',
          html: '<form method="post">' + lang + ' ' + meta.edition + '</form>',
        }));
      }`,
    );
    t = await createTestApp({ webDir, env: { EDITION: 'international' } });
  });
  afterAll(() => t.close());

  it('answers the prerendered page in the language of the cookie, with the meta script', async () => {
    const res = await t.app.inject({ url: '/login', cookies: { 'cz-lang': 'en-US' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-language']).toBe('en-US');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.body).toContain('<html lang="en-US">');
    expect(res.body).toMatch(
      /data-lang="en-US" data-boot="[^"]*" data-prefetch="[^"]*"><form method="post">en-US international<\/form>/,
    );
    expect(res.body).toMatch(/data-boot="[^"]*\/assets\/login-en\.js[^"]*"/);
    // The console's first files, to fetch while the user types: the console, its shell (with its
    // styles) and the workbench, with what they import.
    expect(res.body).toContain(
      'data-prefetch="/assets/console-app-1.js /assets/shared-1.js /assets/console-shell-1.js' +
        ' /assets/workbench-1.js /assets/console-shell-1.css"',
    );
    // The boot script is allowed by its hash, as the meta script is.
    expect(res.headers['content-security-policy']).toContain(scriptHash(loginBootScript));
    expect(res.body).not.toContain('login-zh.js');
    expect(res.body).toContain(`window.__CZ_META__=${JSON.stringify(buildMeta(t.deps.config))}`);
  });

  it('sends it compressed when the browser accepts it', async () => {
    const res = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('data-prerender="login"');
  });

  it('does not send the server render itself', async () => {
    expect((await t.app.inject('/.prerender/prerender.js')).body).not.toContain('renderLogin');
  });

  it('answers the default language without the cookie, and the plain index where the address prefills', async () => {
    const plain = await t.app.inject('/login');
    expect(plain.headers['content-language']).toBe(t.deps.config.defaultLanguage);
    const prefilled = await t.app.inject('/login?account=acme');
    expect(prefilled.statusCode).toBe(200);
    expect(prefilled.body).toContain('<div id="root"></div>');
    expect(prefilled.body).toContain('window.__CZ_META__=');
  });

  it('answers a submit before the script ran with the login again, never reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login?redirect=%2Fworkbench',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'accountDisplayName=acme&username=ann&password=secret',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?redirect=%2Fworkbench');
  });
});

/**
 * `/login` prerendered (decision 0027): the web build leaves a server render of the login page
 * (`dist/.prerender/prerender.js`); at start the server renders the page once per language with
 * its console meta, writes it into `index.html` with the page's styles inline (the first paint
 * needs no other request) and its scripts named for the boot script to ask for after the first
 * paint, and serves it for a plain `/login`. The browser hydrates it. Whatever the page would draw differently from the address or the device
 * (an account's own login address, `?account=`, `?username=`, the face pages, a phone on a
 * mobile-login host) gets the plain `index.html`, drawn by the browser as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { TMeta } from '@console/contract';
import { isLanguage, LangCookie, type TLanguage } from '@console/contract/enums';
import { Patterns } from '@console/contract/patterns';

/** What the server render module gives for each language. */
type TRenderedLogin = { lang: TLanguage; title: string; description: string; html: string };
type TRenderModule = { renderLogin: (meta: TMeta) => Promise<TRenderedLogin[]> };

type TManifestChunk = { file: string; src?: string; imports?: string[]; css?: string[] };
type TManifest = Record<string, TManifestChunk>;

/** A login document, with its compressed forms (made once, at start). */
export type TLoginDocument = { html: string; br: Buffer; gzip: Buffer };

export type TLoginPages = {
  /** The document for a language; re-rendered when the year (of the page's footer) changed. */
  page: (lang: TLanguage) => Promise<TLoginDocument>;
};

/** The encoding to send, of those the document has, by the request's `Accept-Encoding`. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function compressed(html: string): TLoginDocument {
  const data = Buffer.from(html, 'utf8');
  return {
    html,
    br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(data, { level: 9 }),
  };
}

/** The parts of a request that choose the login page. */
export type TLoginRequest = {
  url: string;
  host: string;
  cookies: Record<string, string | undefined>;
  userAgent: string | undefined;
};

const loginSource = 'src/features/auth/routes/login.tsx';
const mobileAgent = /Mobi|Android|iP(hone|ad|od)/i;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Whether `host` (no port) is one of `hosts` (`*.example.com` covers the sub-domains), as the page decides. */
function isListedHost(host: string, hosts: readonly string[]): boolean {
  const h = host.toLowerCase();
  return hosts.some((name) =>
    name.startsWith('*.') ? h.endsWith(name.slice(1)) && h.length > name.length - 1 : h === name,
  );
}

/** Whether the host is an account's own login address (`<account name>.accounts.<console host>`). */
function isAccountHost(host: string, consoleUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(consoleUrl);
  } catch {
    return false;
  }
  const h = host.toLowerCase();
  return [url.host.toLowerCase(), url.hostname.toLowerCase()].some((domain) => {
    const suffix = `.accounts.${domain}`;
    return h.endsWith(suffix) && Patterns.accountName.test(host.slice(0, host.length - suffix.length));
  });
}

/**
 * The prerendered language for this request, or null where the page would draw something else
 * than the plain form. The language is the page's own rule: the `cz-lang` cookie, else the
 * deployment's default.
 */
export function loginPageLanguage(request: TLoginRequest, meta: TMeta): TLanguage | null {
  const [path = '', query = ''] = request.url.split('?', 2);
  if (path !== '/login') return null;
  const params = new URLSearchParams(query);
  if (params.has('account') || params.has('username')) return null;
  if (/faceRecognition/i.test(request.url)) return null;
  const hostname = request.host.replace(/:\d+$/, '');
  if (isAccountHost(request.host, meta.consoleUrl)) return null;
  if (mobileAgent.test(request.userAgent ?? '') && isListedHost(hostname, meta.mobileLoginHosts)) return null;
  const cookie = request.cookies[LangCookie];
  return isLanguage(cookie) ? cookie : meta.defaultLanguage;
}

/** The login page's files (`css`, `js`), and the console's first files to fetch ahead (`prefetch`). */
export type TLoginAssets = { css: string[]; js: string[]; prefetch?: string[] };

/** What a sign-in leads to first: the console, its shell and the workbench (app/console/). */
const consoleSources = [
  'src/app/console/console-app.tsx',
  'src/app/console/console-shell.tsx',
  'src/app/routes/workbench.tsx',
];

/** The files of the chunks under `keys` and of everything they import, styles included. */
function chunkFiles(manifest: TManifest, keys: string[]): { css: Set<string>; js: Set<string> } {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return { css, js };
}

/** The styles and scripts of the login page, from the build's manifest. */
function loginAssets(manifest: TManifest, lang: TLanguage): TLoginAssets {
  // The phrases the page reads, in its language.
  const dir = `/phrases/src/${lang.toLowerCase()}/`;
  const phrases = ['common', 'login', 'validation'].flatMap(
    (ns) => Object.keys(manifest).find((k) => k.endsWith(`${dir}${ns}.ts`)) ?? [],
  );
  const page = chunkFiles(manifest, [loginSource, ...phrases]);
  const next = chunkFiles(manifest, consoleSources);
  const prefetch = [...next.js, ...next.css].filter((file) => !page.js.has(file) && !page.css.has(file));
  return { css: [...page.css], js: [...page.js], prefetch };
}

/**
 * The login page's only inline script besides the meta (the Content-Security-Policy allows it by
 * its hash). It asks for the page's scripts once the form is on the screen (the browser's first
 * contentful paint, or two frames and 50 ms where the browser does not report it; at once in a
 * hidden tab): the first paint waits for nothing but the HTML, and the scripts load while the
 * form is read. Until the entry module takes over (`holdSubmits`), a submit is held
 * (`data-held`), not posted.
 */
export const loginBootScript =
  "(function(){var r=document.getElementById('root');if(!r)return;" +
  "var h=function(e){e.preventDefault();r.dataset.held='1'};r.addEventListener('submit',h,true);r.czHold=h;" +
  "var go=function(){var f=(r.dataset.boot||'').split(' ').filter(Boolean);" +
  "f.slice(1).forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;document.head.appendChild(l)});" +
  "if(f[0]){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=f[0];document.head.appendChild(s)}};" +
  "var done=false,start=function(){if(!done){done=true;go()}};if(document.visibilityState==='hidden')return start();" +
  "try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();start()}}).observe({type:'paint',buffered:true})}catch(e){}" +
  'requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,50)})})})()';

/**
 * The login document: `index` (with the meta already written in) with the language, the title
 * and description, the styles inline, the rendered page in `#root`, and its scripts (the entry
 * and every chunk the page needs, in `data-boot`) asked for by `loginBootScript` after the first
 * paint.
 */
export function loginDocument(
  index: string,
  page: TRenderedLogin,
  assets: TLoginAssets,
  readAsset: (file: string) => string,
): string {
  const inline: string[] = [];
  // The entry's stylesheets become inline styles: nothing blocks the first paint.
  let doc = index.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_, file: string) => {
    inline.push(file);
    return `<style>${readAsset(file)}</style>`;
  });
  // The scripts are asked for once the form is drawn (`loginBootScript`), entry first.
  const scripts: string[] = [];
  doc = doc
    .replace(/\s*<script type="module"[^>]*src="(\/[^"]+)"[^>]*><\/script>/g, (_, src: string) => {
      scripts.unshift(src);
      return '';
    })
    .replace(/\s*<link rel="modulepreload"[^>]*href="(\/[^"]+)"[^>]*>/g, (_, href: string) => {
      scripts.push(href);
      return '';
    });
  for (const file of assets.js) {
    if (!scripts.includes(`/${file}`)) scripts.push(`/${file}`);
  }
  // The console's files, for the page to fetch (not run) while the user types (app/console/load-console.ts).
  const ahead = (assets.prefetch ?? []).map((file) => `/${file}`).filter((file) => !scripts.includes(file));
  const prefetch = ahead.length > 0 ? ` data-prefetch="${escapeHtml(ahead.join(' '))}"` : '';
  const extra: string[] = [];
  for (const file of assets.css) {
    if (inline.includes(file)) continue;
    // Inline too; the `print` link only tells the app's chunk loader that the file is there (it
    // would otherwise fetch it again before the page hydrates).
    extra.push(`<style>${readAsset(file)}</style>`, `<link rel="stylesheet" href="/${file}" media="print">`);
  }
  doc = doc
    .replace(/<html lang="[^"]*">/, `<html lang="${page.lang}">`)
    .replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(page.title)}</title>\n    <meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace('</head>', `${extra.join('\n    ')}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerender="login" data-lang="${page.lang}" data-boot="${escapeHtml(scripts.join(' '))}"${prefetch}>${page.html}</div>` +
        `\n    <script>${loginBootScript}</script>`,
    );
  return doc;
}

/**
 * Loads the server render of the login page, when the build left one, and renders the page in
 * every language; null without it (the browser draws the page, as before).
 */
export async function loadLoginPages(
  webDir: string,
  index: string,
  meta: TMeta,
): Promise<TLoginPages | null> {
  const renderFile = join(webDir, '.prerender', 'prerender.js');
  const manifestFile = join(webDir, '.vite', 'manifest.json');
  if (!existsSync(renderFile) || !existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as TManifest;
  const mod = (await import(pathToFileURL(renderFile).href)) as TRenderModule;
  const readAsset = (file: string) => readFileSync(join(webDir, file), 'utf8');
  const render = async () => {
    const year = new Date().getFullYear();
    const pages = await mod.renderLogin(meta);
    const docs = new Map(
      pages.map((page) => [
        page.lang,
        compressed(loginDocument(index, page, loginAssets(manifest, page.lang), readAsset)),
      ]),
    );
    return { year, docs };
  };
  let rendered = await render();
  let pending: Promise<typeof rendered> | null = null;
  return {
    page: async (lang) => {
      // The footer names the year: a page rendered last year would not match its hydration.
      if (rendered.year !== new Date().getFullYear()) {
        pending ??= render().finally(() => {
          pending = null;
        });
        rendered = await pending;
      }
      const doc = rendered.docs.get(lang);
      if (!doc) throw new Error(`No prerendered login page in ${lang}`);
      return doc;
    },
  };
}

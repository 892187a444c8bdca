/**
 * Serves the built web app: hashed assets with long-lived caching (pre-compressed variants when
 * present), `/login` prerendered in the page's language (login-page.ts), and `index.html` for
 * every other non-API GET (history fallback), with the console meta injected so that the first
 * paint needs no extra request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { buildMeta } from '../meta/meta.routes';
import { loadLoginPages, loginPageLanguage, pickEncoding, type TLoginPages } from './login-page';

const metaPlaceholder = '<!--cz-meta-->';

/**
 * The text of the inline script that hands the console its meta; the Content-Security-Policy
 * allows exactly this text by its hash (see http/security-headers.ts).
 */
export function metaScriptOf(meta: unknown): string {
  // `<` is escaped so that no value can close the script element.
  return `window.__CZ_META__=${JSON.stringify(meta).replace(/</g, '\\u003c')}`;
}

export function renderIndex(template: string, meta: unknown): string {
  return template.replace(metaPlaceholder, `<script>${metaScriptOf(meta)}</script>`);
}

/** Registers the web app when its build exists; answers whether it did. */
export async function webRoutes(app: FastifyInstance, webDir: string): Promise<boolean> {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const meta = buildMeta(app.deps.config);
  const index = renderIndex(readFileSync(indexFile, 'utf8'), meta);
  let loginPages: TLoginPages | null = null;
  try {
    loginPages = await loadLoginPages(webDir, index, meta);
  } catch (error) {
    // The browser draws the page then, as it does without a server render.
    app.log.error({ err: error }, 'The login page could not be prerendered');
  }
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    // The login page's server render is the server's to read, not the browser's.
    allowedPath: (pathName) => !pathName.startsWith('/.prerender/'),
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes(`${join(webDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.decorate('webIndex', index);

  app.get('/login', async (request, reply) => {
    const lang = loginPages
      ? loginPageLanguage(
          {
            url: request.url,
            host: request.host,
            cookies: request.cookies,
            userAgent: request.headers['user-agent'],
          },
          meta,
        )
      : null;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie, User-Agent')
      .type('text/html; charset=utf-8');
    if (!loginPages || !lang) return index;
    const page = await loginPages.page(lang);
    reply.header('content-language', lang);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return page.html;
    reply.header('content-encoding', encoding);
    return page[encoding];
  });
  // A submit of the prerendered form before its script ran: the form is shown again (what was
  // sent is not read).
  app.post('/login', async (request, reply) => reply.redirect(request.url, 303));
  return true;
}

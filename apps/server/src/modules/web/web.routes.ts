/**
 * Serves the built web app: hashed assets with long-lived caching (pre-compressed variants when
 * present), and `index.html` for every other non-API GET (history fallback), with the console
 * meta injected so that the first paint needs no extra request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { buildMeta } from '../meta/meta.routes';

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
  const index = renderIndex(readFileSync(indexFile, 'utf8'), buildMeta(app.deps.config));
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes(`${join(webDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.decorate('webIndex', index);
  return true;
}

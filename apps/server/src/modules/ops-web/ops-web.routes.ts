/**
 * Serves the back office's built web pages on the ops listener (decision 0049): the hashed assets
 * with long-lived caching (pre-compressed variants when present), and `ops.html` at `/` and every
 * other non-API GET (history fallback), while `/api/ops/…` stays the API. The page carries no
 * inline script, so the listener's Content-Security-Policy (the customers' one, from the shared
 * base app) needs no hash for it. The customers' listener never serves these files: they are a
 * build of their own (`apps/web/dist-ops`), apart from the customers' `apps/web/dist`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The page of the back office's build. */
export const opsPageFile = 'ops.html';

/** The back office's build next to the customers' one: `<web dir>/../dist-ops`. */
export function opsWebDirOf(webDir: string): string {
  return join(webDir, '..', 'dist-ops');
}

export type TOpsWeb = {
  /** Answers the page (the history fallback of a GET that is no file and no API path). */
  sendPage: (reply: FastifyReply) => FastifyReply;
};

/** Registers the back office's pages when their build exists; answers null when it does not. */
export async function opsWebRoutes(app: FastifyInstance, opsWebDir: string): Promise<TOpsWeb | null> {
  const pageFile = join(opsWebDir, opsPageFile);
  if (!existsSync(pageFile)) return null;
  const page = readFileSync(pageFile, 'utf8');
  const assets = join(opsWebDir, 'assets');
  await app.register(fastifyStatic, {
    root: opsWebDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    // The page is answered at `/` and the pages' paths, never as a file name.
    allowedPath: (pathName) => pathName !== `/${opsPageFile}`,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendPage = (reply: FastifyReply) =>
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  app.get('/', (_request, reply) => sendPage(reply));
  return { sendPage };
}

/** Whether a path is the API's (answered 404 in the envelope when no route has it). */
export function isOpsApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

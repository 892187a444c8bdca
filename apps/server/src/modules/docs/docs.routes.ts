import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi';

export async function docsRoutes(app: FastifyInstance, version: string): Promise<void> {
  const document = buildOpenApiDocument(version, !app.deps.config.devAdapters);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, (_request, reply) => {
    reply.header('cache-control', 'no-cache').send(document);
  });
}

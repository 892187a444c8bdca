/** Upload and download of certificates; multipart is parsed only for the upload route. */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../http/define-route';
import { requestMeta } from '../../../http/request-meta';
import { downloadFile, uploadFile } from './upload.service';

export function uploadRoutes(app: FastifyInstance): void {
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    defineRoute(scope, 'certificationUpload', ({ deps, auth, request, query }) =>
      uploadFile(deps, auth, request.lang, query, request, requestMeta(request)),
    );
  });
  defineRoute(app, 'certificationDownload', ({ deps, auth, body, reply }) =>
    downloadFile(deps, auth, body.fileId, reply),
  );
}

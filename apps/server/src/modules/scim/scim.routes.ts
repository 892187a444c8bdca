/**
 * SCIM 2.0 (RFC 7644) per account at `/scim/v2/{accountName}/…` (decision 0031): a plugin of its
 * own, outside the console's envelope and route table, with SCIM's media type
 * (`application/scim+json`, `application/json` too), its error schema for every refusal (never a
 * 500 for bad input), and ETags: `ETag` is `meta.version`, `If-None-Match` answers 304 on GET and
 * `If-Match` 412 on a changed resource.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestMeta } from '../../http/request-meta';
import { authenticateScim } from './scim-auth.service';
import { ScimError, scimError, scimErrorOf } from './scim-errors';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  patchGroup,
  replaceGroup,
} from './scim-groups.service';
import {
  listResponse,
  resourceTypes,
  schemas,
  scimMaxResults,
  serviceProviderConfig,
} from './scim-resources';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  patchUser,
  replaceUser,
  type TListQuery,
  type TScimContext,
} from './scim-users.service';

export const scimMediaType = 'application/scim+json';

type TJson = Record<string, unknown>;
type TAnswer = { status: number; body?: TJson; location?: string };
type TParams = { accountName: string; id?: string };

function send(
  reply: FastifyReply,
  status: number,
  body: TJson | undefined,
  headers: Record<string, string> = {},
) {
  reply.status(status).header('cache-control', 'no-store');
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  if (body === undefined) return reply.send();
  return reply.type(`${scimMediaType}; charset=utf-8`).send(JSON.stringify(body));
}

function versionOf(body: TJson | undefined): string | undefined {
  const meta = body?.meta as { version?: unknown; resourceType?: unknown } | undefined;
  return typeof meta?.version === 'string' && (meta.resourceType === 'User' || meta.resourceType === 'Group')
    ? meta.version
    : undefined;
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function queryOf(request: FastifyRequest): TListQuery {
  const raw = (request.query ?? {}) as Record<string, unknown>;
  const pick = (name: string) => {
    const key = Object.keys(raw).find((k) => k.toLowerCase() === name.toLowerCase());
    const value = key === undefined ? undefined : raw[key];
    return Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
  };
  return {
    filter: pick('filter'),
    startIndex: pick('startIndex'),
    count: pick('count'),
    attributes: pick('attributes'),
    excludedAttributes: pick('excludedAttributes'),
  };
}

/** Authenticates, runs the operation, and answers it with its ETag and Location. */
function handler(work: (ctx: TScimContext, request: FastifyRequest) => Promise<TAnswer>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as TParams;
    const deps = request.server.deps;
    const caller = await authenticateScim(
      deps,
      headerOf(request, 'authorization'),
      params.accountName,
      request.ip ?? null,
    );
    const ctx: TScimContext = {
      deps,
      auth: caller.auth,
      meta: requestMeta(request),
      baseUrl: caller.baseUrl,
    };
    const contentType = headerOf(request, 'content-type');
    if (request.body !== undefined && !/^application\/(scim\+)?json\b/i.test(contentType ?? '')) {
      throw new ScimError(415, `Send ${scimMediaType} or application/json`);
    }
    const answer = await work(ctx, request);
    const version = versionOf(answer.body);
    if (version && request.method === 'GET') {
      const wanted = headerOf(request, 'if-none-match');
      const strip = (v: string) => v.trim().replace(/^W\//, '');
      if (wanted?.split(',').some((v) => strip(v) === '*' || strip(v) === strip(version))) {
        return send(reply, 304, undefined, { etag: version });
      }
    }
    return send(reply, answer.status, answer.body, {
      ...(version ? { etag: version } : {}),
      ...(answer.location ? { location: answer.location } : {}),
    });
  };
}

const ok = (body: TJson): TAnswer => ({ status: 200, body });
const idOf = (request: FastifyRequest) => (request.params as TParams).id ?? '';
const ifMatch = (request: FastifyRequest) => headerOf(request, 'if-match');

function byId<T extends TJson>(list: T[], id: string, what: string): T {
  const found = list.find((item) => String(item.id).toLowerCase() === id.toLowerCase());
  if (!found) throw scimError.notFound(what, id);
  return found;
}

function errorAnswer(error: unknown, request: FastifyRequest): ScimError {
  const known = scimErrorOf(error);
  if (known) return known;
  const e = error as FastifyError;
  // The framework's refusals of the request itself: malformed JSON, media type, size.
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const detail =
      e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? `Send ${scimMediaType} or application/json`
        : 'The request body is not valid JSON';
    return new ScimError(e.statusCode, detail, e.statusCode === 400 ? 'invalidSyntax' : undefined);
  }
  request.log.error({ err: error }, 'scim request failed');
  return new ScimError(500, `Internal error (request ${request.id})`);
}

async function scimPlugin(app: FastifyInstance): Promise<void> {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(scimMediaType, { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    jsonParser(request, body as string, done);
  });

  app.setErrorHandler((error, request, reply) => {
    const answer = errorAnswer(error, request);
    return send(reply, answer.status, answer.body(), answer.headers);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').slice(0, 200);
    return send(reply, 404, new ScimError(404, `No SCIM endpoint ${request.method} ${path}`).body());
  });

  const base = '/:accountName';
  app.get(
    `${base}/ServiceProviderConfig`,
    handler(async (ctx, request) => {
      if (queryOf(request).filter) throw new ScimError(403, 'ServiceProviderConfig is not filtered');
      return ok(serviceProviderConfig(ctx.baseUrl));
    }),
  );
  app.get(
    `${base}/ResourceTypes`,
    handler(async (ctx) => {
      const list = resourceTypes(ctx.baseUrl);
      return ok(listResponse(list, list.length, 1));
    }),
  );
  app.get(
    `${base}/ResourceTypes/:id`,
    handler(async (ctx, request) => ok(byId(resourceTypes(ctx.baseUrl), idOf(request), 'ResourceType'))),
  );
  app.get(
    `${base}/Schemas`,
    handler(async (ctx) => {
      const list = schemas(ctx.baseUrl);
      return ok(listResponse(list, list.length, 1));
    }),
  );
  app.get(
    `${base}/Schemas/:id`,
    handler(async (ctx, request) => ok(byId(schemas(ctx.baseUrl), idOf(request), 'Schema'))),
  );

  app.get(
    `${base}/Users`,
    handler(async (ctx, request) => ok(await listUsers(ctx, queryOf(request), scimMaxResults))),
  );
  app.post(
    `${base}/Users`,
    handler(async (ctx, request) => {
      const body = await createUser(ctx, request.body);
      return { status: 201, body, location: String((body.meta as TJson).location) };
    }),
  );
  app.get(
    `${base}/Users/:id`,
    handler(async (ctx, request) => {
      const body = await getUser(ctx, idOf(request));
      return { status: 200, body, location: String((body.meta as TJson).location) };
    }),
  );
  app.put(
    `${base}/Users/:id`,
    handler(async (ctx, request) =>
      ok(await replaceUser(ctx, idOf(request), request.body, ifMatch(request))),
    ),
  );
  app.patch(
    `${base}/Users/:id`,
    handler(async (ctx, request) => ok(await patchUser(ctx, idOf(request), request.body, ifMatch(request)))),
  );
  app.delete(
    `${base}/Users/:id`,
    handler(async (ctx, request) => {
      await deleteUser(ctx, idOf(request), ifMatch(request));
      return { status: 204 };
    }),
  );

  app.get(
    `${base}/Groups`,
    handler(async (ctx, request) => ok(await listGroups(ctx, queryOf(request), scimMaxResults))),
  );
  app.post(
    `${base}/Groups`,
    handler(async (ctx, request) => {
      const body = await createGroup(ctx, request.body);
      return { status: 201, body, location: String((body.meta as TJson).location) };
    }),
  );
  app.get(
    `${base}/Groups/:id`,
    handler(async (ctx, request) => {
      const query = queryOf(request);
      const body = await getGroup(ctx, idOf(request));
      const projected =
        query.excludedAttributes?.toLowerCase().includes('members') === true
          ? { ...body, members: undefined }
          : body;
      return {
        status: 200,
        body: JSON.parse(JSON.stringify(projected)) as TJson,
        location: String((body.meta as TJson).location),
      };
    }),
  );
  app.put(
    `${base}/Groups/:id`,
    handler(async (ctx, request) =>
      ok(await replaceGroup(ctx, idOf(request), request.body, ifMatch(request))),
    ),
  );
  app.patch(
    `${base}/Groups/:id`,
    handler(async (ctx, request) => ok(await patchGroup(ctx, idOf(request), request.body, ifMatch(request)))),
  );
  app.delete(
    `${base}/Groups/:id`,
    handler(async (ctx, request) => {
      await deleteGroup(ctx, idOf(request));
      return { status: 204 };
    }),
  );

  app.post(
    `${base}/Bulk`,
    handler(async () => {
      throw new ScimError(501, 'Bulk operations are not supported (see ServiceProviderConfig)');
    }),
  );
}

/** Registers SCIM under `/scim/v2`. */
export async function scimRoutes(app: FastifyInstance): Promise<void> {
  await app.register(scimPlugin, { prefix: '/scim/v2' });
}

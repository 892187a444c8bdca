/**
 * Registers a handler for a route of the contract's table: the table gives method, path, access
 * rule and schemas; this helper authenticates, validates query and body, refuses another
 * account's `accountId`, and serialises the answer through the response schema, so that nothing
 * the schema does not list can leave.
 */

import { featuresOf, routes, type TRouteDef, type TRouteId, type TRoutes } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { ClientHeader, ClientHeaderValue, SessionCookie } from '@console/contract/enums';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TAuth, TDeps } from '../context';
import { AppError } from '../errors';
import { translateError } from '../i18n';
import { fieldErrorsOf } from './validation';

type TOut<S> = S extends z.ZodType ? z.output<S> : undefined;
type TBodyOf<K extends TRouteId> = TOut<TRoutes[K] extends { body: infer B } ? B : undefined>;
type TQueryOf<K extends TRouteId> = TOut<TRoutes[K] extends { query: infer Q } ? Q : undefined>;
type THeadersOf<K extends TRouteId> = TOut<TRoutes[K] extends { headers: infer H } ? H : undefined>;
type TAuthOf<K extends TRouteId> = TRoutes[K]['access'] extends 'public' | 'optional' ? TAuth | null : TAuth;

export type TRouteContext<K extends TRouteId> = {
  deps: TDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  body: TBodyOf<K>;
  query: TQueryOf<K>;
  headers: THeadersOf<K>;
  auth: TAuthOf<K>;
};

export type TRouteHandler<K extends TRouteId> = (
  ctx: TRouteContext<K>,
) => Promise<z.input<TRoutes[K]['response']>> | z.input<TRoutes[K]['response']>;

/**
 * A request's session token: the Authorization header's bearer token, else the cookie named
 * `cookieName` (the customers' session cookie, or the back office's).
 */
export function sessionTokenOf(
  request: FastifyRequest,
  cookieName: string,
): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = request.cookies[cookieName];
  if (cookie) return { token: cookie, via: 'cookie' };
  return null;
}

const tokenOf = (request: FastifyRequest) => sessionTokenOf(request, SessionCookie);

/** Resolves the caller; for cookie-authenticated non-GET requests, requires the client header. */
export async function resolveAuth(deps: TDeps, request: FastifyRequest): Promise<TAuth> {
  const found = tokenOf(request);
  if (!found) throw new AppError(ErrorCode.unauthenticated);
  if (found.via === 'cookie' && request.method !== 'GET' && request.method !== 'HEAD') {
    if (request.headers[ClientHeader] !== ClientHeaderValue) {
      throw new AppError(ErrorCode.forbidden, { messageKey: 'csrfHeaderMissing' });
    }
  }
  return request.server.authenticate(deps, found.token, found.via, { ip: request.ip, requestId: request.id });
}

/**
 * The caller when a valid session comes with the request, else null: a missing, expired or ended
 * session, or a cookie without the client header, makes the request anonymous.
 */
export async function resolveOptionalAuth(deps: TDeps, request: FastifyRequest): Promise<TAuth | null> {
  if (!tokenOf(request)) return null;
  try {
    return await resolveAuth(deps, request);
  } catch (error) {
    if (
      error instanceof AppError &&
      error.code !== ErrorCode.internal &&
      error.code !== ErrorCode.unavailable
    ) {
      return null;
    }
    throw error;
  }
}

function parseInput(
  route: TRouteDef,
  where: 'query' | 'body' | 'headers',
  value: unknown,
  request: FastifyRequest,
): unknown {
  const schema = route[where];
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: fieldErrorsOf(request.lang, result.error.issues, where) },
    });
  }
  return result.data;
}

function refuseOtherAccount(auth: TAuth | null, ...inputs: unknown[]): void {
  if (!auth) return;
  for (const input of inputs) {
    if (input && typeof input === 'object' && 'accountId' in input) {
      const accountId = (input as { accountId?: unknown }).accountId;
      if (accountId !== undefined && accountId !== null && accountId !== auth.accountId) {
        throw new AppError(ErrorCode.forbidden, { messageKey: 'otherAccount' });
      }
    }
  }
}

export function success(request: FastifyRequest, data: unknown) {
  return { code: ErrorCode.ok, message: translateError(request.lang, '0'), data };
}

/**
 * A route of a feature that is off answers 4107 to everyone; with phones outside mainland China
 * off, a request naming another country code does too (the console offers only +86 then).
 */
function refuseDisabledFeature(deps: TDeps, id: TRouteId): void {
  const features = featuresOf(id);
  if (features && !features.some((feature) => deps.config.features[feature])) {
    throw new AppError(ErrorCode.featureDisabled, {
      params: { feature: features[0] },
      data: { feature: features[0] },
    });
  }
}

function refuseForeignPhone(deps: TDeps, ...inputs: unknown[]): void {
  if (deps.config.features.globalPhone) return;
  for (const input of inputs) {
    if (input && typeof input === 'object' && 'phoneCode' in input) {
      const code = (input as { phoneCode?: unknown }).phoneCode;
      if (typeof code === 'string' && code !== '' && code !== '86') {
        throw new AppError(ErrorCode.featureDisabled, {
          params: { feature: 'globalPhone' },
          data: { feature: 'globalPhone' },
        });
      }
    }
  }
}

export function defineRoute<K extends TRouteId>(
  app: FastifyInstance,
  id: K,
  handler: TRouteHandler<K>,
): void {
  const route: TRouteDef = routes[id];
  app.route({
    method: route.method,
    url: route.path,
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    handler: async (request, reply) => {
      const deps = app.deps;
      refuseDisabledFeature(deps, id);
      const auth =
        route.access === 'public'
          ? null
          : route.access === 'optional'
            ? await resolveOptionalAuth(deps, request)
            : await resolveAuth(deps, request);
      request.auth = auth;
      if (route.access === 'admin' && !auth?.isAdmin) throw new AppError(ErrorCode.notAccountAdmin);
      const query = parseInput(route, 'query', request.query, request);
      const body = parseInput(route, 'body', request.body, request);
      const headers = parseInput(route, 'headers', request.headers, request);
      refuseOtherAccount(auth, query, body);
      refuseForeignPhone(deps, query, body);
      const data = await handler({ deps, request, reply, query, body, headers, auth } as TRouteContext<K>);
      if (reply.sent) return reply;
      return success(request, route.response.parse(data));
    },
  });
}

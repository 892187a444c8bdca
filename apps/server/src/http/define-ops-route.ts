/**
 * Registers a handler for a route of the back office's table (`opsRoutes`, decision 0047): the
 * table gives method, path, access rule, roles and step-up; this helper authenticates the
 * operator's session (its own token kind and cookie), admits only the session's stage the route
 * is for, refuses other roles (4309) and a stale second factor (4302), validates query and body,
 * and serialises the answer through the response schema.
 */
import { ErrorCode } from '@console/contract/codes';
import { ClientHeader, ClientHeaderValue } from '@console/contract/enums';
import {
  OpsSessionCookie,
  opsRoutes,
  opsStepUpMinutes,
  type TOpsRouteDef,
  type TOpsRouteId,
  type TOpsRoutes,
} from '@console/contract/ops';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TDeps, TOpsAuth } from '../context';
import { AppError } from '../errors';
import { sessionTokenOf, success } from './define-route';
import { fieldErrorsOf } from './validation';

type TOut<S> = S extends z.ZodType ? z.output<S> : undefined;
type TBodyOf<K extends TOpsRouteId> = TOut<TOpsRoutes[K] extends { body: infer B } ? B : undefined>;
type TQueryOf<K extends TOpsRouteId> = TOut<TOpsRoutes[K] extends { query: infer Q } ? Q : undefined>;
type TAuthOf<K extends TOpsRouteId> = TOpsRoutes[K]['access'] extends 'public' ? null : TOpsAuth;

export type TOpsRouteContext<K extends TOpsRouteId> = {
  deps: TDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  body: TBodyOf<K>;
  query: TQueryOf<K>;
  auth: TAuthOf<K>;
};

export type TOpsRouteHandler<K extends TOpsRouteId> = (
  ctx: TOpsRouteContext<K>,
) => Promise<z.input<TOpsRoutes[K]['response']>> | z.input<TOpsRoutes[K]['response']>;

const tokenOf = (request: FastifyRequest) => sessionTokenOf(request, OpsSessionCookie);

async function resolveOpsAuth(deps: TDeps, request: FastifyRequest): Promise<TOpsAuth> {
  const found = tokenOf(request);
  if (!found) throw new AppError(ErrorCode.unauthenticated);
  if (found.via === 'cookie' && request.method !== 'GET' && request.method !== 'HEAD') {
    if (request.headers[ClientHeader] !== ClientHeaderValue) {
      throw new AppError(ErrorCode.forbidden, { messageKey: 'csrfHeaderMissing' });
    }
  }
  return request.server.opsAuthenticate(deps, found.token, found.via, {
    ip: request.ip,
    requestId: request.id,
  });
}

/**
 * Whether the session may use the route: a sign-in step's session only its step's routes (others
 * answer 4301 during the setup, 401 while the code is awaited); a full session not the steps'.
 */
export function admitOpsSession(route: TOpsRouteDef, auth: TOpsAuth, now: Date): void {
  if (route.access === 'anySession') return;
  if (route.access === 'setup' || route.access === 'totp') {
    if (auth.stage !== route.access) throw new AppError(ErrorCode.opsChallengeExpired);
    return;
  }
  if (auth.stage === 'setup') throw new AppError(ErrorCode.opsSetupRequired);
  if (auth.stage !== 'operator') throw new AppError(ErrorCode.unauthenticated);
  if (!route.roles?.includes(auth.role)) throw new AppError(ErrorCode.opsRoleForbidden);
  if (route.stepUp) {
    const provenAt = auth.secondFactorAt?.getTime() ?? 0;
    if (now.getTime() - provenAt > opsStepUpMinutes * 60_000) {
      throw new AppError(ErrorCode.opsStepUpRequired);
    }
  }
}

function parseInput(route: TOpsRouteDef, where: 'query' | 'body', value: unknown, request: FastifyRequest) {
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

export function defineOpsRoute<K extends TOpsRouteId>(
  app: FastifyInstance,
  id: K,
  handler: TOpsRouteHandler<K>,
): void {
  const route: TOpsRouteDef = opsRoutes[id];
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request, reply) => {
      const deps = app.deps;
      const auth = route.access === 'public' ? null : await resolveOpsAuth(deps, request);
      if (auth) admitOpsSession(route, auth, deps.clock.now());
      request.opsAuth = auth;
      const query = parseInput(route, 'query', request.query, request);
      const body = parseInput(route, 'body', request.body, request);
      const data = await handler({ deps, request, reply, query, body, auth } as TOpsRouteContext<K>);
      if (reply.sent) return reply;
      return success(request, route.response.parse(data));
    },
  });
}

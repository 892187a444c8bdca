/**
 * The back office's OpenAPI 3.1 document (decision 0047), generated from the contract's ops route
 * table as the customers' is from theirs, and served on the ops listener only.
 */
import { ErrorCode } from '@console/contract';
import { OpsSessionCookie, opsRoutes, opsStepUpMinutes, type TOpsRouteDef } from '@console/contract/ops';
import type { FastifyInstance } from 'fastify';
import { addOperation, businessCodes, documentOf, operationOf, type TJson } from './openapi-builder';

function accessOf(route: TOpsRouteDef): string {
  switch (route.access) {
    case 'public':
      return 'No session needed.';
    case 'setup':
      return 'The token of a first sign-in (or one after a reset of the authenticator) that is still being set up.';
    case 'totp':
      return 'The token of a sign-in waiting for its authenticator code.';
    case 'anySession':
      return 'Any back-office token, of a sign-in step or a session.';
    case 'operator':
      return `Signed-in operators of the roles ${route.roles?.join(', ')} (others get code ${ErrorCode.opsRoleForbidden}).${
        route.stepUp
          ? ` Needs the second factor proven within ${opsStepUpMinutes} minutes (else code ${ErrorCode.opsStepUpRequired}).`
          : ''
      }`;
  }
}

function opsOperation(id: string, route: TOpsRouteDef): TJson {
  return operationOf({
    id,
    summary: route.summary,
    description: `${accessOf(route)}${businessCodes(route.codes ?? [])}`,
    tag: route.tag,
    query: route.query,
    body: route.body,
    response: route.response,
    security: route.access === 'public' ? 'none' : 'session',
    extensions: { 'x-ops-roles': route.access === 'operator' ? route.roles : [] },
  });
}

export function buildOpsOpenApiDocument(version: string): TJson {
  const paths: Record<string, Record<string, TJson>> = {};
  for (const [id, route] of Object.entries(opsRoutes) as [string, TOpsRouteDef][]) {
    addOperation(paths, route, opsOperation(id, route));
  }
  return documentOf({
    title: 'Back office API',
    version,
    description:
      "The platform operators' API, on its own listener (OPS_PORT). Every answer is `{ code, message, data }`; " +
      "a customer token is refused here and an operator token on the customers' API.",
    paths,
    tokenSource: 'the sign-in steps',
    cookie: OpsSessionCookie,
  });
}

export function opsDocsRoutes(app: FastifyInstance, version: string): void {
  const document = buildOpsOpenApiDocument(version);
  app.get('/api/ops/openapi.json', (_request, reply) => {
    reply.header('cache-control', 'no-cache').send(document);
  });
}

/**
 * The back office's OpenAPI 3.1 document (decision 0047), generated from the contract's ops route
 * table as the customers' is from theirs, and served on the ops listener only.
 */
import { ErrorCode, ZEnvelope, ZValidationErrorData } from '@console/contract';
import { opsRoutes, opsStepUpMinutes, type TOpsRouteDef } from '@console/contract/ops';
import type { FastifyInstance } from 'fastify';
import { schemaOf } from './openapi';

type TJson = Record<string, unknown>;

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

function operationOf(id: string, route: TOpsRouteDef): TJson {
  const codes = route.codes?.length ? ` Business codes (HTTP 200): ${route.codes.join(', ')}.` : '';
  const operation: TJson = {
    operationId: id,
    summary: route.summary,
    description: `${accessOf(route)}${codes}`,
    tags: [route.tag],
    'x-ops-roles': route.access === 'operator' ? route.roles : [],
    responses: {
      '200': {
        description: 'Success (code 0), or a business code named in the description',
        content: { 'application/json': { schema: schemaOf(ZEnvelope(route.response), 'output') } },
      },
      '400': { $ref: '#/components/responses/Error' },
      ...(route.access === 'public'
        ? {}
        : {
            '401': { $ref: '#/components/responses/Error' },
            '403': { $ref: '#/components/responses/Error' },
          }),
      '500': { $ref: '#/components/responses/Error' },
    },
  };
  if (route.access !== 'public') operation.security = [{ bearer: [] }, { cookie: [] }];
  if (route.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaOf(route.body, 'input') } },
    };
  }
  return operation;
}

export function buildOpsOpenApiDocument(version: string): TJson {
  const paths: Record<string, Record<string, TJson>> = {};
  for (const [id, route] of Object.entries(opsRoutes) as [string, TOpsRouteDef][]) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, TJson>)[route.method.toLowerCase()] = operationOf(id, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Back office API',
      version,
      description:
        "The platform operators' API, on its own listener (OPS_PORT). Every answer is `{ code, message, data }`; " +
        "a customer token is refused here and an operator token on the customers' API.",
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by the sign-in steps' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'cz_ops_token' },
      },
      responses: {
        Error: {
          description: 'A failure: the code mirrors the HTTP status; 400 carries `data.fieldErrors`',
          content: {
            'application/json': { schema: schemaOf(ZEnvelope(ZValidationErrorData.nullable()), 'output') },
          },
        },
      },
    },
  };
}

export function opsDocsRoutes(app: FastifyInstance, version: string): void {
  const document = buildOpsOpenApiDocument(version);
  app.get('/api/ops/openapi.json', (_request, reply) => {
    reply.header('cache-control', 'no-cache').send(document);
  });
}

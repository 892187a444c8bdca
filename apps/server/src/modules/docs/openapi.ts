/**
 * The OpenAPI 3.1 document, generated from the contract's route table: every route with its
 * parameters, body and answer (wrapped in the `{ code, message, data }` envelope), its access
 * rule and the business codes it may answer.
 */
import {
  ErrorCode,
  featuresOf,
  routes,
  type TRouteDef,
  type TRouteId,
  ZEnvelope,
  ZValidationErrorData,
} from '@console/contract';
import { z } from 'zod';

type TJson = Record<string, unknown>;

export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): TJson {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as TJson;
  delete json.$schema;
  return json;
}

const errorCodes = Object.entries(ErrorCode)
  .map(([name, code]) => `${code} ${name}`)
  .join(', ');

function operationOf(id: string, route: TRouteDef): TJson {
  const parameters: TJson[] = [];
  if (route.query) {
    const query = schemaOf(route.query, 'input') as {
      properties?: Record<string, TJson>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  if (route.headers) {
    const headers = schemaOf(route.headers, 'input') as {
      properties?: Record<string, TJson>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(headers.properties ?? {})) {
      parameters.push({ name, in: 'header', required: headers.required?.includes(name) ?? false, schema });
    }
  }
  const access =
    route.access === 'public'
      ? 'No session needed.'
      : route.access === 'optional'
        ? 'Uses the session when one comes with the request; otherwise the request names its subject.'
        : route.access === 'admin'
          ? 'Account administrators only (others get code 4037).'
          : 'Needs a session (bearer token or cookie; cookie-authenticated non-GET requests need `X-CZ-Client: web`).';
  // A route of a feature flag answers 4107 while its feature is off.
  const answered = [
    ...(route.codes ?? []),
    ...(featuresOf(id as TRouteId) ? [ErrorCode.featureDisabled] : []),
  ];
  const codes = answered.length ? ` Business codes (HTTP 200): ${answered.join(', ')}.` : '';
  const operation: TJson = {
    operationId: id,
    summary: route.summary,
    description: `${access}${codes}`,
    tags: [route.tag],
    parameters,
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
      '429': { $ref: '#/components/responses/Error' },
      '500': { $ref: '#/components/responses/Error' },
      '503': { $ref: '#/components/responses/Error' },
    },
  };
  if (route.access === 'optional') operation.security = [{}, { bearer: [] }, { cookie: [] }];
  else if (route.access !== 'public') operation.security = [{ bearer: [] }, { cookie: [] }];
  if (route.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaOf(route.body, 'input') } },
    };
  }
  return operation;
}

export function buildOpenApiDocument(version: string, withoutDevRoutes: boolean): TJson {
  const paths: Record<string, Record<string, TJson>> = {};
  for (const [id, route] of Object.entries(routes) as [string, TRouteDef][]) {
    if (route.devOnly && withoutDevRoutes) continue;
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    const pathItem = paths[path] as Record<string, TJson>;
    pathItem[route.method.toLowerCase()] = operationOf(id, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Account console API',
      version,
      description:
        'Every answer is `{ code, message, data }`. `code` 0 is success; business outcomes carry their code with HTTP 200; ' +
        `other failures mirror the HTTP status. Codes: ${errorCodes}. Messages follow the \`cz-lang\` header (zh-CN or en-US).`,
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by POST /api/login' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'cz_token' },
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

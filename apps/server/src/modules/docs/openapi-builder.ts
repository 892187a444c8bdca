/**
 * What the customers' and the back office's OpenAPI 3.1 documents share: a zod schema as JSON
 * Schema, one operation (parameters, body, the enveloped answer, the error answers, security),
 * and the document around the paths.
 */
import { ZEnvelope, ZValidationErrorData } from '@console/contract';
import { z } from 'zod';

export type TJson = Record<string, unknown>;

export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): TJson {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as TJson;
  delete json.$schema;
  return json;
}

/** The properties of an object schema as parameters `in` the query or the headers. */
function parametersOf(schema: z.ZodType | undefined, where: 'query' | 'header'): TJson[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, TJson>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const errorAnswer = { $ref: '#/components/responses/Error' };

export type TOperationInput = {
  id: string;
  summary: string;
  /** Who may call it, in words, and the business codes it may answer. */
  description: string;
  tag: string;
  query?: z.ZodType | undefined;
  headers?: z.ZodType | undefined;
  body?: z.ZodType | undefined;
  response: z.ZodType;
  /** `none`: no session; `optional`: a session when one comes; `session`: a token is needed. */
  security: 'none' | 'optional' | 'session';
  /** HTTP statuses beyond 200, 400, 401/403 (with a session) and 500 that it may answer. */
  moreStatuses?: readonly string[];
  /** Extensions of the operation (`x-…`). */
  extensions?: TJson;
};

export function operationOf(input: TOperationInput): TJson {
  const statuses = [
    '400',
    ...(input.security === 'none' ? [] : ['401', '403']),
    ...(input.moreStatuses ?? []),
    '500',
  ].sort();
  const operation: TJson = {
    operationId: input.id,
    summary: input.summary,
    description: input.description,
    tags: [input.tag],
    parameters: [...parametersOf(input.query, 'query'), ...parametersOf(input.headers, 'header')],
    ...input.extensions,
    responses: {
      '200': {
        description: 'Success (code 0), or a business code named in the description',
        content: { 'application/json': { schema: schemaOf(ZEnvelope(input.response), 'output') } },
      },
      ...Object.fromEntries(statuses.map((status) => [status, errorAnswer])),
    },
  };
  if (input.security === 'optional') operation.security = [{}, { bearer: [] }, { cookie: [] }];
  else if (input.security === 'session') operation.security = [{ bearer: [] }, { cookie: [] }];
  if (input.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemaOf(input.body, 'input') } },
    };
  }
  return operation;
}

/** " Business codes (HTTP 200): …." for a route that may answer some, else nothing. */
export function businessCodes(codes: readonly number[]): string {
  return codes.length ? ` Business codes (HTTP 200): ${codes.join(', ')}.` : '';
}

/** The document: its title and words, the paths, and the two ways a token comes (bearer, cookie). */
export function documentOf(input: {
  title: string;
  version: string;
  description: string;
  paths: Record<string, Record<string, TJson>>;
  /** What answers the bearer token. */
  tokenSource: string;
  cookie: string;
}): TJson {
  return {
    openapi: '3.1.0',
    info: { title: input.title, version: input.version, description: input.description },
    servers: [{ url: '/' }],
    paths: input.paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: `The token answered by ${input.tokenSource}` },
        cookie: { type: 'apiKey', in: 'cookie', name: input.cookie },
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

/** Adds an operation under its path (`:name` becomes `{name}`) and method. */
export function addOperation(
  paths: Record<string, Record<string, TJson>>,
  route: { method: string; path: string },
  operation: TJson,
): void {
  const path = route.path.replace(/:(\w+)/g, '{$1}');
  paths[path] ??= {};
  (paths[path] as Record<string, TJson>)[route.method.toLowerCase()] = operation;
}

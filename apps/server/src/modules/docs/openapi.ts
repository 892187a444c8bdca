/**
 * The OpenAPI 3.1 document, generated from the contract's route table: every route with its
 * parameters, body and answer (wrapped in the `{ code, message, data }` envelope), its access
 * rule and the business codes it may answer.
 */
import { ErrorCode, featuresOf, routes, type TRouteDef, type TRouteId } from '@console/contract';
import { addOperation, businessCodes, documentOf, operationOf, type TJson } from './openapi-builder';

const errorCodes = Object.entries(ErrorCode)
  .map(([name, code]) => `${code} ${name}`)
  .join(', ');

function accessOf(route: TRouteDef): string {
  switch (route.access) {
    case 'public':
      return 'No session needed.';
    case 'optional':
      return 'Uses the session when one comes with the request; otherwise the request names its subject.';
    case 'admin':
      return 'Account administrators only (others get code 4037).';
    default:
      return 'Needs a session (bearer token or cookie; cookie-authenticated non-GET requests need `X-CZ-Client: web`).';
  }
}

function customerOperation(id: string, route: TRouteDef): TJson {
  // A route of a feature flag answers 4107 while its feature is off.
  const answered = [
    ...(route.codes ?? []),
    ...(featuresOf(id as TRouteId) ? [ErrorCode.featureDisabled] : []),
  ];
  return operationOf({
    id,
    summary: route.summary,
    description: `${accessOf(route)}${businessCodes(answered)}`,
    tag: route.tag,
    query: route.query,
    headers: route.headers,
    body: route.body,
    response: route.response,
    security: route.access === 'public' ? 'none' : route.access === 'optional' ? 'optional' : 'session',
    moreStatuses: ['429', '503'],
  });
}

export function buildOpenApiDocument(version: string, withoutDevRoutes: boolean): TJson {
  const paths: Record<string, Record<string, TJson>> = {};
  for (const [id, route] of Object.entries(routes) as [string, TRouteDef][]) {
    if (route.devOnly && withoutDevRoutes) continue;
    addOperation(paths, route, customerOperation(id, route));
  }
  return documentOf({
    title: 'Account console API',
    version,
    description:
      'Every answer is `{ code, message, data }`. `code` 0 is success; business outcomes carry their code with HTTP 200; ' +
      `other failures mirror the HTTP status. Codes: ${errorCodes}. Messages follow the \`cz-lang\` header (zh-CN or en-US).`,
    paths,
    tokenSource: 'POST /api/login',
    cookie: 'cz_token',
  });
}

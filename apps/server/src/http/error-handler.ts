/**
 * One error path for every answer that is not a success: codes become translated messages in the
 * envelope; framework errors map onto their HTTP class; database outages become 503; anything
 * else is a 500 that carries only the request id (also in the log), never a stack or SQL.
 */
import { ErrorCode } from '@console/contract/codes';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { languageOf, translateError } from '../i18n';

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && (connectionErrorCodes.has(e.code) || e.code.startsWith('08')))
      return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    ) {
      return true;
    }
    current = e.cause;
  }
  return false;
}

/**
 * The database refused a value that the request carried (SQLSTATE class 22, "data exception": an
 * id beyond its column's range, a NUL character in text, …): the request is at fault, not the
 * server.
 */
export function isDataException(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
    current = e.cause;
  }
  return false;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: number,
  messageKey: string,
  data: unknown,
  params?: Record<string, unknown>,
) {
  const lang = request.lang ?? languageOf(request);
  const status = code === ErrorCode.ok || code >= 1000 ? 200 : code;
  return reply.status(status).send({ code, message: translateError(lang, messageKey, params), data });
}

export function errorHandler(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    if (error.code >= 500 && error.code < 1000)
      request.log.error({ err: error.cause ?? error }, 'request failed');
    // A refusal whose reason is for the operator only (a provider's error code, never its data).
    else if (typeof error.cause === 'string') request.log.warn({ reason: error.cause }, 'request refused');
    return send(request, reply, error.code, error.messageKey, error.data, {
      ...error.params,
      requestId: request.id,
    });
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return send(request, reply, ErrorCode.payloadTooLarge, '413', null);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return send(request, reply, ErrorCode.unsupportedMediaType, '415', null);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return send(request, reply, ErrorCode.badRequest, 'malformedJson', { fieldErrors: {} });
    // Answered by the router (`frameworkErrors`): a path that does not decode, an overlong parameter.
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return send(request, reply, ErrorCode.badRequest, '400', { fieldErrors: {} });
    default:
      break;
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return send(request, reply, ErrorCode.badRequest, 'malformedJson', { fieldErrors: {} });
  }
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    const status = fastifyError.statusCode;
    const known = [401, 403, 404, 405, 409, 413, 415, 429].includes(status);
    return send(request, reply, known ? status : ErrorCode.badRequest, known ? String(status) : '400', null);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return send(request, reply, ErrorCode.unavailable, '503', null);
  }
  if (isDataException(error)) {
    request.log.warn({ err: error }, 'the database refused a value of the request');
    return send(request, reply, ErrorCode.badRequest, '400', { fieldErrors: {} });
  }
  request.log.error({ err: error }, 'unexpected error');
  return send(request, reply, ErrorCode.internal, '500', null, { requestId: request.id });
}

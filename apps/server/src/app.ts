/**
 * Builds the application: framework plugins first, then the console's own routes, error and
 * not-found handling, the API reference and the web app. Tests call this with their own
 * dependencies and use `app.inject` or a real listen.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import { Limits } from '@console/contract/limits';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TDeps } from './context';
import { errorHandler } from './http/error-handler';
import { scriptHash, securityHeaders } from './http/security-headers';
import { languageOf, translateError } from './i18n';
import { accountRoutes } from './modules/account/account.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { authenticate } from './modules/auth/session.service';
import { alertRoutes } from './modules/billing/alerts/alerts.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { paymentRoutes } from './modules/billing/recharge/recharge.routes';
import { certificationRoutes } from './modules/certification/certification.routes';
import { contactChangeRoutes } from './modules/contact-change/contact-change.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { opsDocsRoutes } from './modules/docs/ops-openapi';
import { healthRoutes } from './modules/health/health.routes';
import { licenseRoutes } from './modules/license/license.routes';
import { buildMeta, metaRoutes } from './modules/meta/meta.routes';
import { mfaRoutes } from './modules/mfa/mfa.routes';
import { operatorRoutes } from './modules/operator/operator.routes';
import { operatorPasskeyRoutes } from './modules/operator/operator-passkey.routes';
import { authenticateOperator } from './modules/operator/operator-session.service';
import { opsAccountsRoutes } from './modules/ops-accounts/ops-accounts.routes';
import { opsCatalogueRoutes } from './modules/ops-catalogue/ops-catalogue.routes';
import { opsDashboardRoutes } from './modules/ops-dashboard/ops-dashboard.routes';
import { isOpsApiPath, opsWebRoutes } from './modules/ops-web/ops-web.routes';
import { passkeyRoutes } from './modules/passkey/passkey.routes';
import { passwordRoutes } from './modules/password/password.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { registrationRoutes } from './modules/registration/registration.routes';
import { scimRoutes } from './modules/scim/scim.routes';
import { scimTokenRoutes } from './modules/scim/scim-token.routes';
import { serviceRoutes } from './modules/service/service.routes';
import { shareRoutes } from './modules/share/share.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { thirdPartyRoutes } from './modules/third-party/third-party.routes';
import { roleRoutes } from './modules/user/role.routes';
import { userRoutes } from './modules/user/user.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { loginBootScript } from './modules/web/login-page';
import { metaScriptOf, webRoutes } from './modules/web/web.routes';
import { workbenchRoutes } from './modules/workbench/workbench.routes';

export const version = '0.1.0';

export type TAppOptions = {
  logger?: FastifyServerOptions['logger'] | false;
  /** Folder of the built web app; omitted: API only. */
  webDir?: string | null;
  /** Folder of the back office's built pages (the ops listener's); omitted: API only. */
  opsWebDir?: string | null;
};

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;
/**
 * Query parameters whose values are credentials: any name ending in token, code, password, secret
 * or ticket (awsMktToken, authCode, …), the confirmation links' `t`, and the SAML and OAuth
 * answers' payloads.
 */
const sensitiveQuery =
  /([?&](?:t|state|SAMLResponse|SAMLRequest|[A-Za-z_]*(?:token|code|password|secret|ticket))=)[^&]*/gi;

/** Log-safe URL: values of sensitive query parameters are replaced. */
export function redactUrl(url: string): string {
  return url.replace(sensitiveQuery, '$1[redacted]');
}

const loggerRedaction = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    '*.password',
    '*.token',
    '*.code',
    '*.idNumber',
    '*.legalPersonId',
    '*.bankAccount',
  ],
  censor: '[redacted]',
};

/**
 * The structured-log settings of the server: request lines carry method, log-safe URL and peer
 * address (never headers, so never cookies or bearer tokens), and known secret fields are redacted.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    redact: loggerRedaction,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * The framework part that both listeners share: request ids, the one error path, cookies, JSON
 * bodies (empty reads as none; malformed is a 400), the request's language, security headers.
 */
async function baseApp(
  deps: TDeps,
  options: TAppOptions,
  inlineScriptHashes: readonly string[],
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: Limits.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    // The router's own refusals (a path that does not decode, an overlong parameter) take the one
    // error path too, instead of Fastify's plain JSON that echoes the path.
    frameworkErrors: (error, request, reply) => {
      request.lang = languageOf(request);
      reply.header('x-request-id', request.id);
      return errorHandler(error, request, reply);
    },
  });
  app.decorate('deps', deps);
  app.decorate('authenticate', authenticate);
  app.decorate('opsAuthenticate', authenticateOperator);
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('auth', null);
  app.decorateRequest('opsAuth', null);
  app.decorateRequest('rawBody', undefined);

  await securityHeaders(app, deps.config, inlineScriptHashes);
  await app.register(fastifyCookie);
  // SAML answers arrive as an HTML form post (the HTTP-POST binding).
  await app.register(fastifyFormbody, { bodyLimit: Limits.bodyLimitBytes });

  // Empty JSON bodies read as no body; malformed JSON and prototype-poisoning keys are a 400.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    // Machine calls are signed over the exact bytes they sent.
    if (request.url.startsWith('/api/hooks/')) request.rawBody = body as string;
    jsonParser(request, body as string, done);
  });

  app.addHook('onRequest', async (request, reply) => {
    request.lang = languageOf(request);
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler(errorHandler);
  return app;
}

/** 404 in the envelope, in the request's language. */
function notFound(request: FastifyRequest, reply: FastifyReply, path: string) {
  return reply.status(404).send({
    code: ErrorCode.notFound,
    message: translateError(request.lang, 'notFoundRoute', { method: request.method, path }),
    data: null,
  });
}

/**
 * The operators' back office (decision 0047): its own app on its own listener (OPS_PORT), with
 * the same dependencies, serving `/api/ops/…`, its OpenAPI document and the back office's web
 * pages (decision 0049) at `/` and every other non-API path.
 */
export async function buildOpsApp(deps: TDeps, options: TAppOptions = {}): Promise<FastifyInstance> {
  const app = await baseApp(deps, options, []);
  operatorRoutes(app);
  opsAccountsRoutes(app);
  opsCatalogueRoutes(app);
  opsDashboardRoutes(app);
  operatorPasskeyRoutes(app);
  opsDocsRoutes(app, version);
  const web = options.opsWebDir ? await opsWebRoutes(app, options.opsWebDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (web && !isOpsApiPath(path) && (request.method === 'GET' || request.method === 'HEAD')) {
      return web.sendPage(reply);
    }
    return notFound(request, reply, path);
  });
  return app;
}

export async function buildApp(deps: TDeps, options: TAppOptions = {}): Promise<FastifyInstance> {
  const app = await baseApp(deps, options, [
    scriptHash(metaScriptOf(buildMeta(deps.config))),
    scriptHash(loginBootScript),
  ]);

  healthRoutes(app);
  metaRoutes(app);
  authRoutes(app);
  userRoutes(app);
  roleRoutes(app);
  accountRoutes(app);
  profileRoutes(app);
  verificationRoutes(app);
  mfaRoutes(app);
  passkeyRoutes(app);
  passwordRoutes(app);
  recoveryRoutes(app);
  registrationRoutes(app);
  contactChangeRoutes(app);
  licenseRoutes(app);
  auditRoutes(app);
  ssoRoutes(app);
  scimTokenRoutes(app);
  await scimRoutes(app);
  thirdPartyRoutes(app);
  serviceRoutes(app);
  shareRoutes(app);
  alertRoutes(app);
  billingRoutes(app);
  workbenchRoutes(app);
  paymentRoutes(app);
  certificationRoutes(app);
  await docsRoutes(app, version);

  const hasWeb = options.webDir ? await webRoutes(app, options.webDir) : false;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path === '/healthz' || path === '/readyz';
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      const index = (app as unknown as { webIndex: string }).webIndex;
      return reply
        .status(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(index);
    }
    return notFound(request, reply, path);
  });

  return app;
}

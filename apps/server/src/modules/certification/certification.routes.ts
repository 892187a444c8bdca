/**
 * Real-name verification routes, and the development liveness page (never in production mode):
 * `GET /api/dev/face/{sessionId}?token=…` offers "pass" and every face error; its form posts to
 * `POST /api/dev/face/{sessionId}`, which records the outcome and sends the phone to
 * /faceRecognitionSuccessful or /faceRecognition?token=…&error=CODE.
 */
import { DevFaceOutcomes, FaceErrorCodes } from '@console/contract/certification-rules';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import { apiPaths } from '@console/contract/paths';
import { serverPhrases } from '@console/phrases/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { certificationState } from './certification.service';
import { companyVerify } from './certification-enterprise.service';
import {
  devPageSession,
  faceReturn,
  faceVerify,
  personalVerify,
  queryFaceResult,
  settleFaceSession,
} from './certification-personal.service';

export function certificationRoutes(app: FastifyInstance): void {
  defineRoute(app, 'personalVerify', ({ deps, auth, request, body }) =>
    personalVerify(deps, auth, body, requestMeta(request)),
  );
  defineRoute(app, 'faceVerify', ({ deps, auth, body }) => faceVerify(deps, auth, body.token));
  defineRoute(app, 'queryFaceVerifyResult', ({ deps, auth, request, query }) =>
    queryFaceResult(deps, auth, query.token, requestMeta(request)),
  );
  defineRoute(app, 'faceReturn', async ({ deps, reply, query }) => {
    const target = await faceReturn(deps, query.faceToken);
    reply.code(303).header('location', target).header('cache-control', 'no-store').send();
    return null;
  });
  defineRoute(app, 'companyVerify', ({ deps, auth, request, body }) =>
    companyVerify(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineRoute(app, 'certificationStatus', ({ deps, auth }) => certificationState(deps, auth));
  if (app.deps.identity.dev) devFaceRoutes(app);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

function sessionIdOf(params: unknown): string {
  const id = (params as { sessionId?: unknown }).sessionId;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(id) ? id : '';
}

function renderPage(lang: TLanguage, sessionId: string, token: string): string {
  const t = serverPhrases[lang].certification;
  const action = apiPaths.devFaceConfirm.path.replace(':sessionId', encodeURIComponent(sessionId));
  const button = (outcome: string, label: string) =>
    `<button type="submit" name="outcome" value="${outcome}" data-outcome="${outcome}"${outcome === 'PASS' ? ' class="pass" id="pass"' : ''}>${escapeHtml(label)}</button>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.devFace.title)}</title>
<style>
  body { font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f6f8; margin: 0; color: #1f2329; }
  main { max-width: 420px; margin: 24px auto; background: #fff; border-radius: 12px; padding: 24px; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { color: #646a73; margin: 0 0 16px; }
  form { display: grid; gap: 10px; }
  button { font-size: 15px; padding: 12px; border-radius: 8px; border: 1px solid #d0d3d6; background: #fff; text-align: left; }
  button.pass { background: #1677ff; color: #fff; border-color: transparent; text-align: center; font-size: 17px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(t.devFace.title)}</h1>
<p>${escapeHtml(t.devFace.intro)}</p>
<form method="post" action="${action}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
${button('PASS', t.devFace.pass)}
${FaceErrorCodes.map((code) => button(code, `${code}: ${t.faceErrors[code]}`)).join('\n')}
</form>
</main>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, html: string): null {
  reply
    .code(200)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
  return null;
}

function devFaceRoutes(app: FastifyInstance): void {
  defineRoute(app, 'devFacePage', async ({ deps, request, reply, query }) => {
    const sessionId = sessionIdOf(request.params);
    const session = await devPageSession(deps, sessionId, query.token);
    if (session?.status !== 'waiting') throw new AppError(ErrorCode.faceSessionInvalid);
    return sendPage(reply, renderPage(request.lang, sessionId, query.token));
  });

  defineRoute(app, 'devFaceConfirm', async ({ deps, request, reply, body }) => {
    const sessionId = sessionIdOf(request.params);
    const session = await devPageSession(deps, sessionId, body.token);
    if (session?.status !== 'waiting' || !(DevFaceOutcomes as readonly string[]).includes(body.outcome)) {
      throw new AppError(ErrorCode.faceSessionInvalid);
    }
    deps.identity.dev?.chooseFace(sessionId, body.outcome);
    const isPassed = body.outcome === 'PASS';
    await settleFaceSession(
      deps,
      session,
      isPassed
        ? { status: 'passed', errorCode: null }
        : { status: 'failed', errorCode: body.outcome === 'PASS' ? null : body.outcome },
      null,
    );
    const target = isPassed
      ? '/faceRecognitionSuccessful'
      : `/faceRecognition?token=${encodeURIComponent(body.token)}&error=${encodeURIComponent(body.outcome)}`;
    reply.code(303).header('location', target).header('cache-control', 'no-store').send();
    return null;
  });
}

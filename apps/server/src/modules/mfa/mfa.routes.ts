import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { sendLoginCode } from './mfa.service';
import {
  createStatusChallenge,
  getMfaCode,
  getMfaState,
  modifyMfaStatus,
  resetMfaCode,
} from './mfa-binding.service';
import { getMfaPolicy, saveMfaPolicy } from './mfa-policy.service';

export function mfaRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getMfaStatus', ({ deps, auth }) => getMfaState(deps, auth));
  defineRoute(app, 'getMfaCode', ({ deps, auth, body, request }) =>
    getMfaCode(deps, auth, body, requestMeta(request)),
  );
  defineRoute(app, 'modifyMfaStatus', ({ deps, auth, body, headers, request }) =>
    modifyMfaStatus(deps, auth, body, headers.authcodetoken, requestMeta(request)),
  );
  defineRoute(app, 'resetMfaCode', ({ deps, auth, headers, request }) =>
    resetMfaCode(deps, auth, headers.authcodetoken, requestMeta(request)),
  );
  defineRoute(app, 'createMfaChallenge', ({ deps, auth, request }) =>
    createStatusChallenge(deps, auth, requestMeta(request)),
  );
  defineRoute(app, 'sendLoginCode', ({ deps, body, request }) =>
    sendLoginCode(deps, body, { ...requestMeta(request), lang: request.lang }, request.log),
  );
  defineRoute(app, 'getMfaPolicy', ({ deps, auth }) => getMfaPolicy(deps, auth));
  defineRoute(app, 'saveMfaPolicy', ({ deps, auth, body, headers, request }) =>
    saveMfaPolicy(deps, auth, body, headers.authcodetoken, requestMeta(request)),
  );
}

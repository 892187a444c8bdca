/** The back office's routes of this module: sign-in in steps, own session and password, operators. */
import { ErrorCode } from '@console/contract/codes';
import { OpsSessionCookie } from '@console/contract/ops';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TDeps, TRequestMeta } from '../../context';
import { defineOpsRoute } from '../../http/define-ops-route';
import { requestMeta } from '../../http/request-meta';
import { underAddressLimit } from '../address-limit';
import {
  createOperator,
  disableOperator,
  enableOperator,
  getSignedInOperator,
  listAllOperators,
  reRoleOperator,
  resetOperatorSecondFactor,
} from './operator.service';
import { actorOf, signOutOperator } from './operator-session.service';
import {
  changeOwnPassword,
  confirmTotpEnrolment,
  replaceOneTimePassword,
  signInOperator,
  startTotpEnrolment,
  stepUpOperator,
  verifySignInCode,
} from './operator-sign-in.service';

/** The ops token as an HttpOnly cookie of the ops API's own path, for the back office's web pages. */
export function setOpsCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: string,
): void {
  reply.setCookie(OpsSessionCookie, token, {
    path: '/api/ops',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    expires: new Date(expiresAt),
  });
}

/**
 * The sign-in's steps count their failures against the client's address with the customers'
 * sign-ins (decision 0012): whatever names an address tries, its failures block it for a while
 * (429 with Retry-After). The back office has no image captcha, so its sign-in knows only the block.
 */
export function underSignInLimit<T>(deps: TDeps, meta: TRequestMeta, attempt: () => Promise<T>): Promise<T> {
  return underAddressLimit(
    deps,
    { scope: 'login', ip: meta.ip, requestId: meta.requestId },
    { isFailure: (error) => signInFailures.has(error.code) },
    attempt,
  );
}

/** The answers that count as a failed sign-in step: a wrong password or code, a refused passkey. */
const signInFailures = new Set<number>([
  ErrorCode.opsSignInFailed,
  ErrorCode.opsCodeWrong,
  ErrorCode.opsPasskeyUnknown,
  ErrorCode.opsPasskeyNotVerified,
  ErrorCode.opsPasskeyChallengeExpired,
  ErrorCode.opsPasskeyCounterRegression,
]);

export function operatorRoutes(app: FastifyInstance): void {
  defineOpsRoute(app, 'opsSignIn', async ({ deps, body, request, reply }) => {
    const meta = requestMeta(request);
    const step = await underSignInLimit(deps, meta, () => signInOperator(deps, body, meta));
    setOpsCookie(request, reply, step.token, step.expiresAt);
    return step;
  });
  defineOpsRoute(app, 'opsSignInTotp', async ({ deps, auth, body, request, reply }) => {
    const meta = requestMeta(request);
    const session = await underSignInLimit(deps, meta, () => verifySignInCode(deps, auth, body.code, meta));
    setOpsCookie(request, reply, session.token, session.expiresAt);
    return session;
  });
  defineOpsRoute(app, 'opsSetupPassword', ({ deps, auth, body, request }) =>
    replaceOneTimePassword(deps, auth, body.password, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsSetupTotp', ({ deps, auth }) => startTotpEnrolment(deps, auth));
  defineOpsRoute(app, 'opsSetupTotpConfirm', async ({ deps, auth, body, request, reply }) => {
    const session = await confirmTotpEnrolment(deps, auth, body.code, requestMeta(request));
    setOpsCookie(request, reply, session.token, session.expiresAt);
    return session;
  });
  defineOpsRoute(app, 'opsSignOut', async ({ deps, auth, request, reply }) => {
    await signOutOperator(deps, auth, requestMeta(request));
    reply.clearCookie(OpsSessionCookie, { path: '/api/ops' });
    return null;
  });
  defineOpsRoute(app, 'opsMe', ({ deps, auth }) => getSignedInOperator(deps, auth));
  defineOpsRoute(app, 'opsStepUp', ({ deps, auth, body, request }) =>
    stepUpOperator(deps, auth, body.code, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsChangePassword', ({ deps, auth, body, request }) =>
    changeOwnPassword(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsListOperators', ({ deps }) => listAllOperators(deps));
  defineOpsRoute(app, 'opsCreateOperator', ({ deps, auth, body, request }) =>
    createOperator(deps, actorOf(auth), body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsDisableOperator', ({ deps, auth, body, request }) =>
    disableOperator(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsEnableOperator', ({ deps, auth, body, request }) =>
    enableOperator(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsReRoleOperator', ({ deps, auth, body, request }) =>
    reRoleOperator(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsResetOperatorSecondFactor', ({ deps, auth, body, request }) =>
    resetOperatorSecondFactor(deps, auth, body, requestMeta(request)),
  );
}

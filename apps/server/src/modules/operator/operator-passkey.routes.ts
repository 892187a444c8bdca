/** The back office's routes of operators' passkeys and their own second factors (decision 0050). */
import type { FastifyInstance } from 'fastify';
import { defineOpsRoute } from '../../http/define-ops-route';
import { requestMeta } from '../../http/request-meta';
import { setOpsCookie, underSignInLimit } from './operator.routes';
import {
  setupPasskey,
  setupPasskeyOptions,
  signInByPasskey,
  signInPasskeyOptions,
  stepUpByPasskey,
  stepUpPasskeyOptions,
} from './operator-passkey.service';
import {
  addMyPasskey,
  confirmAuthenticatorReplacement,
  myPasskeyOptions,
  mySecondFactors,
  removeMyPasskey,
  renameMyPasskey,
  startAuthenticatorReplacement,
} from './operator-second-factor.service';

export function operatorPasskeyRoutes(app: FastifyInstance): void {
  defineOpsRoute(app, 'opsSetupPasskeyOptions', ({ deps, auth }) => setupPasskeyOptions(deps, auth));
  defineOpsRoute(app, 'opsSetupPasskey', async ({ deps, auth, body, request, reply }) => {
    const session = await setupPasskey(deps, auth, body, requestMeta(request));
    setOpsCookie(request, reply, session.token, session.expiresAt);
    return session;
  });
  defineOpsRoute(app, 'opsSignInPasskeyOptions', ({ deps, auth }) => signInPasskeyOptions(deps, auth));
  defineOpsRoute(app, 'opsSignInPasskey', async ({ deps, auth, body, request, reply }) => {
    const meta = requestMeta(request);
    const session = await underSignInLimit(deps, meta, () => signInByPasskey(deps, auth, body, meta));
    setOpsCookie(request, reply, session.token, session.expiresAt);
    return session;
  });
  defineOpsRoute(app, 'opsStepUpPasskeyOptions', ({ deps, auth }) => stepUpPasskeyOptions(deps, auth));
  defineOpsRoute(app, 'opsStepUpPasskey', ({ deps, auth, body, request }) =>
    stepUpByPasskey(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsMySecondFactors', ({ deps, auth }) => mySecondFactors(deps, auth));
  defineOpsRoute(app, 'opsMyPasskeyOptions', ({ deps, auth }) => myPasskeyOptions(deps, auth));
  defineOpsRoute(app, 'opsMyPasskeyAdd', ({ deps, auth, body, request }) =>
    addMyPasskey(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsMyPasskeyRename', ({ deps, auth, body, request }) =>
    renameMyPasskey(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsMyPasskeyRemove', ({ deps, auth, body, request }) =>
    removeMyPasskey(deps, auth, body.id, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsMyAuthenticatorStart', ({ deps, auth }) =>
    startAuthenticatorReplacement(deps, auth),
  );
  defineOpsRoute(app, 'opsMyAuthenticatorConfirm', ({ deps, auth, body, request }) =>
    confirmAuthenticatorReplacement(deps, auth, body.code, requestMeta(request)),
  );
}

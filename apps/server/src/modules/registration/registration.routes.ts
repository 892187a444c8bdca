import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import {
  register,
  registerFromMarketplace,
  resolveMarketplaceToken,
  saveRegistrationInfo,
  underRegistrationLimit,
} from './registration.service';

export function registrationRoutes(app: FastifyInstance): void {
  defineRoute(app, 'createAccount', ({ deps, request, body, headers }) =>
    register(deps, request, body, headers.authcodetoken, requestMeta(request)),
  );
  defineRoute(app, 'createAwsMktAccount', ({ deps, request, body, headers }) =>
    registerFromMarketplace(deps, request, body, headers.authcodetoken, requestMeta(request)),
  );
  defineRoute(app, 'checkAwsMktToken', ({ deps, query, request }) =>
    underRegistrationLimit(deps, requestMeta(request), () =>
      resolveMarketplaceToken(deps, query.awsMktToken, query.awsMktOfferType ?? null),
    ),
  );
  defineRoute(app, 'updateRegistrationInfo', ({ deps, request, body }) =>
    saveRegistrationInfo(deps, request, body, requestMeta(request)),
  );
}

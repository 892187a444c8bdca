import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import {
  receiveMarketplaceBuyer,
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
  // AWS Marketplace's registration URL: a cross-site form post of the buyer's browser, answered
  // with a redirect (303: the page is then fetched with GET) into /aws-register.
  defineRoute(app, 'receiveAwsMktBuyer', async ({ deps, request, reply, body }) => {
    const location = await receiveMarketplaceBuyer(deps, body, requestMeta(request));
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    reply.redirect(location, 303);
    return null;
  });
  defineRoute(app, 'updateRegistrationInfo', ({ deps, request, body }) =>
    saveRegistrationInfo(deps, request, body, requestMeta(request)),
  );
}

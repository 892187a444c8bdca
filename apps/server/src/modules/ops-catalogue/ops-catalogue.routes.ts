/** The back office's routes of the catalogue and of issuance (licences, invite codes). */
import type { FastifyInstance } from 'fastify';
import { defineOpsRoute } from '../../http/define-ops-route';
import { requestMeta } from '../../http/request-meta';
import {
  applyCatalogueChange,
  createInvite,
  getCatalogue,
  issueLicense,
  listInvites,
  listLicenses,
  releaseActivatedLicense,
} from './ops-catalogue.service';

/** A request's row without its reason. */
function rowOf<T extends { reason: string }>(body: T): Omit<T, 'reason'> {
  const { reason: _reason, ...row } = body;
  return row;
}

export function opsCatalogueRoutes(app: FastifyInstance): void {
  defineOpsRoute(app, 'opsGetCatalogue', ({ deps }) => getCatalogue(deps));
  defineOpsRoute(app, 'opsCreateCatalogueService', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'service', act: 'create', row: rowOf(body) },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsUpdateCatalogueService', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'service', act: 'update', row: rowOf(body) },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsRemoveCatalogueService', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'service', act: 'remove', key: { id: body.id } },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsCreateCatalogueVersion', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'version', act: 'create', row: rowOf(body) },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsUpdateCatalogueVersion', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'version', act: 'update', row: rowOf(body) },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsRemoveCatalogueVersion', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'version', act: 'remove', key: { serviceId: body.serviceId, code: body.code } },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsCreateCatalogueRegion', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'region', act: 'create', row: rowOf(body) },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsUpdateCatalogueRegion', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'region', act: 'update', row: rowOf(body) },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsRemoveCatalogueRegion', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'region', act: 'remove', key: { csp: body.csp, code: body.code } },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsUpdateCataloguePrice', ({ deps, auth, body, request }) =>
    applyCatalogueChange(
      deps,
      auth,
      { kind: 'price', act: 'update', row: rowOf(body) },
      body.reason,
      requestMeta(request),
    ),
  );
  defineOpsRoute(app, 'opsListLicenses', ({ deps }) => listLicenses(deps));
  defineOpsRoute(app, 'opsIssueLicense', ({ deps, auth, body, request }) =>
    issueLicense(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsReleaseLicense', ({ deps, auth, body, request }) =>
    releaseActivatedLicense(deps, auth, body, requestMeta(request)),
  );
  defineOpsRoute(app, 'opsListInviteCodes', ({ deps, query }) => listInvites(deps, query));
  defineOpsRoute(app, 'opsCreateInviteCode', ({ deps, auth, body, request }) =>
    createInvite(deps, auth, body, requestMeta(request)),
  );
}

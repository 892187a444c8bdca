import type { FastifyInstance } from 'fastify';
import { adapterStates } from '../../adapters/registry';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { renderDevInstancePage, sendDevInstancePage } from './dev-instance-page';
import {
  disableInsightUsers,
  enableInsightUsers,
  insightServiceInfo,
  insightSyncStatus,
  listInsightRoles,
  listInsightUsers,
} from './insight.service';
import {
  closeInstance,
  createInstance,
  getDevInstance,
  getInstanceUrl,
  listAccountInstances,
  listAccountTags,
  listCsps,
  listInstances,
  listRegions,
  listServiceRegions,
  listServices,
  listVersions,
  retryInstance,
} from './service.service';
import { listUserWorkspaces } from './workspace.service';

export function serviceRoutes(app: FastifyInstance): void {
  // catalogue
  defineRoute(app, 'serviceList', ({ deps, request }) => listServices(deps, request.lang));
  defineRoute(app, 'serviceVersionList', ({ deps, request, body }) =>
    listVersions(deps, request.lang, body.serviceId),
  );
  defineRoute(app, 'serviceCspList', ({ deps, request }) => listCsps(deps, request.lang));
  defineRoute(app, 'serviceRegionList', ({ deps, auth, request, query }) =>
    listRegions(deps, auth, request.lang, query.csp),
  );
  defineRoute(app, 'getRegionListByServiceId', ({ deps, auth, request, body }) =>
    listServiceRegions(deps, auth, request.lang, body.serviceId),
  );
  defineRoute(app, 'getAccountTags', ({ deps, auth }) => listAccountTags(deps, auth));
  // instances
  defineRoute(app, 'createInstance', ({ deps, auth, request, body }) =>
    createInstance(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineRoute(app, 'serviceInstanceList', ({ deps, auth, request, query }) =>
    listInstances(deps, auth, request.lang, query),
  );
  defineRoute(app, 'getAccountInstanceList', ({ deps, auth, request }) =>
    listAccountInstances(deps, auth, request.lang),
  );
  defineRoute(app, 'getInstanceUrl', ({ deps, auth, query }) => getInstanceUrl(deps, auth, query.instanceId));
  defineRoute(app, 'retryInstance', ({ deps, auth, request, body }) =>
    retryInstance(deps, auth, request.lang, body.instanceId, requestMeta(request)),
  );
  defineRoute(app, 'closeInstance', ({ deps, auth, request, body }) =>
    closeInstance(deps, auth, request.lang, body.instanceId, requestMeta(request)),
  );
  // Insight users
  defineRoute(app, 'insightServiceInfo', ({ deps, auth, request }) =>
    insightServiceInfo(deps, auth, request.lang),
  );
  defineRoute(app, 'insightUserList', ({ deps, auth, request, query }) =>
    listInsightUsers(deps, auth, request.lang, query),
  );
  defineRoute(app, 'enableInsightUsers', ({ deps, auth, request, body }) =>
    enableInsightUsers(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineRoute(app, 'disableInsightUsers', ({ deps, auth, request, body }) =>
    disableInsightUsers(deps, auth, request.lang, body, requestMeta(request)),
  );
  defineRoute(app, 'insightUserRoles', ({ deps, request }) => listInsightRoles(deps, request.lang));
  defineRoute(app, 'insightUserSyncStatus', ({ deps, auth }) => insightSyncStatus(deps, auth));
  // workspaces (authority gateway)
  defineRoute(app, 'listUserWorkspaces', ({ deps, auth, request, body }) =>
    listUserWorkspaces(deps, auth, request.lang, body.instanceId, body.userId),
  );
  // The stand-in platform's page of an instance: only where the stand-in provisioner answers.
  if (adapterStates(app.deps.config).provisioner === 'development') {
    defineRoute(app, 'devInstancePage', async ({ deps, auth, request, reply }) => {
      const instance = await getDevInstance(deps, auth, request.lang, instanceNameOf(request.params));
      const prefix = deps.config.deployMode === 'onprem' ? `/accounts/${auth.accountId}` : '';
      return sendDevInstancePage(
        reply,
        renderDevInstancePage(request.lang, instance, `${prefix}/serviceManage`),
      );
    });
  }
}

/** The instance name of the page's path (8 lowercase letters and digits), or '' (no instance). */
function instanceNameOf(params: unknown): string {
  const name = (params as { instanceName?: unknown }).instanceName;
  return typeof name === 'string' && /^[a-z0-9]{1,32}$/.test(name) ? name : '';
}

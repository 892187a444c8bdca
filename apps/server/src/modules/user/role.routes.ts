import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import {
  changeRole,
  checkTenantAdmin,
  roleDetail,
  roleList,
  roleUserList,
  userRoleList,
} from './role.service';

export function roleRoutes(app: FastifyInstance): void {
  defineRoute(app, 'roleList', ({ deps, auth }) => roleList(deps, auth));
  defineRoute(app, 'roleDetail', ({ deps, auth, body }) => roleDetail(deps, auth, body.roleId));
  defineRoute(app, 'roleUserList', ({ deps, auth, body }) => roleUserList(deps, auth, body));
  defineRoute(app, 'grantRoleForUser', ({ deps, auth, body, request }) =>
    changeRole(deps, auth, body, true, requestMeta(request)),
  );
  defineRoute(app, 'deleteRoleForUser', ({ deps, auth, body, request }) =>
    changeRole(deps, auth, body, false, requestMeta(request)),
  );
  defineRoute(app, 'userRoleList', ({ deps, auth, query }) => userRoleList(deps, auth, query.userId));
  defineRoute(app, 'checkTenantAdmin', ({ deps, auth, query }) => checkTenantAdmin(deps, auth, query.userId));
}

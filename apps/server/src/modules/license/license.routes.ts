import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { activateLicense, listLicenses } from './license.service';

/** License activation; its routes answer 4107 where the Huawei-cloud license feature is off. */
export function licenseRoutes(app: FastifyInstance): void {
  defineRoute(app, 'listLicenses', ({ deps }) => listLicenses(deps));
  defineRoute(app, 'activateLicense', ({ deps, query }) => activateLicense(deps, query.license));
}

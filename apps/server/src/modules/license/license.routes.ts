import { ErrorCode } from '@console/contract/codes';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { defineRoute } from '../../http/define-route';
import { activateLicense, listLicenses } from './license.service';

/** License activation exists only where the Huawei-cloud license feature is on. */
function requireFeature(deps: TDeps): void {
  if (!deps.config.features.huaweiLicense) throw new AppError(ErrorCode.notFound);
}

export function licenseRoutes(app: FastifyInstance): void {
  defineRoute(app, 'listLicenses', ({ deps }) => {
    requireFeature(deps);
    return listLicenses(deps);
  });
  defineRoute(app, 'activateLicense', ({ deps, query }) => {
    requireFeature(deps);
    return activateLicense(deps, query.license);
  });
}

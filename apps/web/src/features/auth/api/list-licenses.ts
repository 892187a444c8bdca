/** GET /api/portal/huaweiLicense/listLicenses: the licenses activated on this installation. */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const listLicensesEndpoint = endpoint('listLicenses', 'GET', '/api/portal/huaweiLicense/listLicenses');

export type TLicenses = TRouteData<'listLicenses'>;

export function listLicenses(): Promise<TLicenses> {
  return callApi(listLicensesEndpoint, { hints: false });
}

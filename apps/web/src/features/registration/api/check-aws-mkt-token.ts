/**
 * GET /api/portal/account/checkAwsMktToken?awsMktToken=…&awsMktOfferType=…: checks a
 * cloud-marketplace registration token; answers its customer, product and offer type, or 4029.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const checkAwsMktTokenEndpoint = endpoint('checkAwsMktToken', 'GET', '/api/portal/account/checkAwsMktToken');

export type TMarketplaceCustomer = TRouteData<'checkAwsMktToken'>;

export function checkAwsMktToken(token: string, offerType: string | null): Promise<TMarketplaceCustomer> {
  return callApi(checkAwsMktTokenEndpoint, {
    query: { awsMktToken: token, ...(offerType ? { awsMktOfferType: offerType } : {}) },
    hints: false,
  });
}

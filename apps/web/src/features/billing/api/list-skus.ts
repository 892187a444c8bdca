/**
 * GET /api/portal/billing/skuList (administrators): the products (SKUs) with their unit, list price
 * and the account's discount; the billing filters offer them.
 */
import type { TRouteData } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, type TCallMode } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const skuListEndpoint = endpoint('skuList', 'GET', '/api/portal/billing/skuList');

export type TSkuItem = TRouteData<'skuList'>[number];

export function skusQueryOptions(mode: TCallMode = {}) {
  return queryOptions({
    queryKey: billingKeys.skus,
    queryFn: ({ signal }) => callApi(skuListEndpoint, { signal, ...mode }),
  });
}

export function useSkus() {
  return useQuery(skusQueryOptions());
}

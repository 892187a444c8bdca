/**
 * GET /api/meta/countries: the countries of the phone input (`name`, `region_code`, `phone_code`),
 * named in the request's language. Fetched once per page.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const countriesEndpoint = endpoint('countries', 'GET', '/api/meta/countries');

export type TCountryList = TRouteData<'countries'>;

let pending: Promise<TCountryList> | null = null;

export function listCountries(): Promise<TCountryList> {
  if (!pending) {
    pending = callApi(countriesEndpoint, { hints: false });
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

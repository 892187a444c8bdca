/**
 * The billing overview's first calls, made beside its chunks rather than after its first render
 * (`app/console/route-pages`): the summary and the first page of details of the default range, the
 * instances and the products of the filters. Quiet (no hints): the page shows a failure itself. A
 * session found ended leads to the login page (the API client).
 */
import type { TCurrentUser } from '@/api/get-current-user';
import { sessionKeys } from '@/api/query-keys';
import { quietCall } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { defaultOverviewFilters, toBillingFilter } from '../lib/range';
import { billingCountQueryOptions } from './get-billing-count';
import { billingDetailsQueryOptions, firstDetailsPage } from './list-billing-details';
import { cspRegionsQueryOptions } from './list-csp-regions';
import { skusQueryOptions } from './list-skus';

/** Answers when every call has settled (it never fails). */
export async function prefetchBillingOverview(search: string): Promise<void> {
  // The consumption tab only: the alert and webhook tabs ask for other things.
  if (new URLSearchParams(search).has('tab')) return;
  // Billing is for account administrators: a member's page says so without asking.
  const user = queryClient.getQueryData<TCurrentUser>(sessionKeys.currentUser);
  if (user?.isAccountAdmin !== true) return;
  const result = toBillingFilter(defaultOverviewFilters);
  if (!result.ok) return;
  await Promise.all([
    queryClient.prefetchQuery(billingCountQueryOptions(result.filter, quietCall)),
    queryClient.prefetchQuery(billingDetailsQueryOptions(result.filter, firstDetailsPage, quietCall)),
    queryClient.prefetchQuery(cspRegionsQueryOptions(quietCall)),
    queryClient.prefetchQuery(skusQueryOptions(quietCall)),
  ]);
}

/**
 * GET /api/portal/workbench/overview: the workbench's cards in one answer, each part as its own
 * route answers it (services and instances, login protection, and for administrators the user
 * counts, the last 30 days' consumption and the funds; null where the caller may not see them).
 * The console's workbench route files each part under its card's own query key.
 */
import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const getWorkbenchOverviewEndpoint = endpoint(
  'getWorkbenchOverview',
  'GET',
  '/api/portal/workbench/overview',
);

export type TWorkbenchOverview = TRouteData<'getWorkbenchOverview'>;

export const workbenchKeys = {
  overview: ['workbench', 'overview'] as const,
};

/** The cards tell their own failures: the one answer shows no hint of its own. */
export function getWorkbenchOverview(signal?: AbortSignal): Promise<TWorkbenchOverview> {
  return callApi(getWorkbenchOverviewEndpoint, { hints: false, ...(signal ? { signal } : {}) });
}

/**
 * GET /api/portal/share/jobProfile/view?token=… (no session, hints off): the job profile behind a
 * share link, with its instance and service names. 4180 unknown, 4181 expired, 4182 revoked.
 */
import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const getSharedJobProfileEndpoint = endpoint(
  'getSharedJobProfile',
  'GET',
  '/api/portal/share/jobProfile/view',
);

export type TSharedJobProfile = TRouteData<'getSharedJobProfile'>;

export function getSharedJobProfile(token: string, signal?: AbortSignal): Promise<TSharedJobProfile> {
  return callApi(getSharedJobProfileEndpoint, {
    query: { token },
    hints: false,
    ...(signal ? { signal } : {}),
  });
}

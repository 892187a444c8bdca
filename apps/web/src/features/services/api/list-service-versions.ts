/** POST /api/portal/service/serviceVersionList: a service's versions (trial with its days, formal). */
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

const serviceVersionListEndpoint = endpoint(
  'serviceVersionList',
  'POST',
  '/api/portal/service/serviceVersionList',
);

export function useServiceVersions(serviceId: number | undefined) {
  return useQuery({
    queryKey: serviceKeys.versions(serviceId ?? 0),
    queryFn: ({ signal }) =>
      callApi(serviceVersionListEndpoint, { body: { serviceId: serviceId ?? 0 }, signal }),
    enabled: serviceId !== undefined,
  });
}

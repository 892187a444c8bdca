/** GET /api/portal/service/serviceCspList: the cloud service providers. */
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

const serviceCspListEndpoint = endpoint('serviceCspList', 'GET', '/api/portal/service/serviceCspList');

export function useCsps() {
  return useQuery({
    queryKey: serviceKeys.csps,
    queryFn: ({ signal }) => callApi(serviceCspListEndpoint, { signal }),
  });
}

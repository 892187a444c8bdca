/** GET /api/portal/service/getInstanceUrl: an opened instance's address (4061 otherwise). */
import { callApi, endpoint } from '@/lib/api-client';

const getInstanceUrlEndpoint = endpoint('getInstanceUrl', 'GET', '/api/portal/service/getInstanceUrl');

export function getInstanceUrl(instanceId: number) {
  return callApi(getInstanceUrlEndpoint, { query: { instanceId } });
}

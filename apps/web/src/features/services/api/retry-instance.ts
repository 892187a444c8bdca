/** POST /api/portal/service/retryInstance (administrators): opens a failed instance again. */
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshInstances } from './list-instances';

const retryInstanceEndpoint = endpoint('retryInstance', 'POST', '/api/portal/service/retryInstance');

export function retryInstance(instanceId: number) {
  return callApi(retryInstanceEndpoint, { body: { instanceId } });
}

export function useRetryInstance(options: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: retryInstance,
    onSuccess: () => options.onDone?.(),
    onSettled: () => refreshInstances(),
  });
}

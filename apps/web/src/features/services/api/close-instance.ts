/** POST /api/portal/service/closeInstance (administrators): closes an instance, which releases it. */
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshInstances } from './list-instances';

const closeInstanceEndpoint = endpoint('closeInstance', 'POST', '/api/portal/service/closeInstance');

export function closeInstance(instanceId: number) {
  return callApi(closeInstanceEndpoint, { body: { instanceId } });
}

export function useCloseInstance(options: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: closeInstance,
    onSuccess: () => options.onDone?.(),
    onSettled: () => refreshInstances(),
  });
}

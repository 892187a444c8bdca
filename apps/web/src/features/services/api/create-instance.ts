/**
 * POST /api/portal/service/createInstance (administrators): opens a service in a region. The new
 * instance is opening (0); the provisioning job takes it to opened or openFailed. 4060 (already an
 * instance there) is shown by the API client.
 */
import type { TRouteBody } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshInstances, type TInstanceItem } from './list-instances';

const createInstanceEndpoint = endpoint('createInstance', 'POST', '/api/portal/service/createInstance');

export type TCreateInstanceBody = TRouteBody<'createInstance'>;

export function createInstance(body: TCreateInstanceBody) {
  return callApi(createInstanceEndpoint, { body });
}

export function useCreateInstance(options: { onCreated?: (instance: TInstanceItem) => void } = {}) {
  return useMutation({
    mutationFn: createInstance,
    onSuccess: (instance) => options.onCreated?.(instance),
    onSettled: () => refreshInstances(),
  });
}

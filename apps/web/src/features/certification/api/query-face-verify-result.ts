/**
 * GET /api/portal/billing/certification/queryfaceVerifyRest?token= (administrators): the face
 * session's state; asked every 2 s while the QR code waits. Once it passed, the account is formal.
 */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { faceRefetchInterval } from '../lib/face-polling';
import { refreshCertification } from './get-certification-status';
import { certificationKeys } from './query-keys';

const queryFaceVerifyResultEndpoint = endpoint(
  'queryFaceVerifyResult',
  'GET',
  '/api/portal/billing/certification/queryfaceVerifyRest',
);

export type TFaceResultData = TRouteData<'queryFaceVerifyResult'>;

export function useFaceVerifyResult(token: string | null) {
  return useQuery({
    queryKey: certificationKeys.face(token ?? ''),
    queryFn: async ({ signal }) => {
      const result = await callApi(queryFaceVerifyResultEndpoint, {
        query: { token: token ?? '' },
        signal,
        hints: false,
      });
      if (result.status !== 'waiting') await refreshCertification();
      return result;
    },
    enabled: token !== null,
    refetchInterval: (query) => faceRefetchInterval(query.state.data, query.state.error),
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
}

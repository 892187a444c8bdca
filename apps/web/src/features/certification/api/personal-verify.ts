/**
 * POST /api/portal/billing/certification/personalVerify (administrators): starts a personal
 * verification; answers the verification and the face session whose address the QR code shows.
 */
import type { TPersonalVerifyRequest, TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshCertification } from './get-certification-status';

const personalVerifyEndpoint = endpoint(
  'personalVerify',
  'POST',
  '/api/portal/billing/certification/personalVerify',
);

export type TPersonalVerifyData = TRouteData<'personalVerify'>;

export function personalVerify(body: TPersonalVerifyRequest): Promise<TPersonalVerifyData> {
  return callApi(personalVerifyEndpoint, { body, hints: false });
}

export function usePersonalVerify() {
  return useMutation({
    mutationFn: personalVerify,
    onSuccess: () => refreshCertification(),
  });
}

/**
 * POST /api/portal/billing/certification/companyVerify (administrators): enterprise verification;
 * answers at once: passed, failed with the check's result, or verifying (manual review).
 */
import type { TCompanyVerifyRequest, TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshCertification } from './get-certification-status';

const companyVerifyEndpoint = endpoint(
  'companyVerify',
  'POST',
  '/api/portal/billing/certification/companyVerify',
);

export type TCompanyVerifyData = TRouteData<'companyVerify'>;

export function companyVerify(body: TCompanyVerifyRequest): Promise<TCompanyVerifyData> {
  return callApi(companyVerifyEndpoint, { body, hints: false });
}

export function useCompanyVerify() {
  return useMutation({
    mutationFn: companyVerify,
    onSuccess: () => refreshCertification(),
  });
}

/** POST /api/portal/billing/remittance/submit (administrators): reports a bank transfer with its certificate. */
import type { TRouteBody, TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshFunds } from './get-funds-account';

const submitRemittanceEndpoint = endpoint(
  'submitRemittance',
  'POST',
  '/api/portal/billing/remittance/submit',
);

export type TSubmitRemittanceBody = NonNullable<TRouteBody<'submitRemittance'>>;

export function submitRemittance(body: TSubmitRemittanceBody) {
  return callApi(submitRemittanceEndpoint, { body, hints: false });
}

export function useSubmitRemittance(options: { onDone?: (r: TRouteData<'submitRemittance'>) => void } = {}) {
  return useMutation({
    mutationFn: submitRemittance,
    onSuccess: (remittance) => options.onDone?.(remittance),
    onSettled: () => refreshFunds(),
  });
}

/** POST /api/portal/billing/history/years (administrators): the years that have statements. */
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const statementYearsEndpoint = endpoint('statementYears', 'POST', '/api/portal/billing/history/years');

export function useStatementYears() {
  return useQuery({
    queryKey: billingKeys.statementYears,
    queryFn: ({ signal }) => callApi(statementYearsEndpoint, { signal }),
  });
}

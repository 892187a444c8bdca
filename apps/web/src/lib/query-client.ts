/**
 * The TanStack Query client of the console: data stays fresh 5 minutes, no retry, no refetch on focus.
 * It has no error handler of its own: every query and mutation calls through the API client, which
 * leads to the login page from any call that finds the session ended, prefetched or not (decision
 * 0041); other failures are shown by the page that reads them.
 */
import { Limits } from '@console/contract/limits';
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Limits.queryStaleMs,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

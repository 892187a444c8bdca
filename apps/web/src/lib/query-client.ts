/** The TanStack Query client of the console: data stays fresh 5 minutes, no retry, no refetch on focus. */
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

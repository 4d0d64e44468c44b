import { QueryClient } from '@tanstack/react-query'

/**
 * Retries live in lib/api-client (network, timeout and 5xx only, idempotent
 * methods only). React Query must not retry on top of that, or a dead server
 * would be hit 3 × 3 times.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 60_000,
        // On 3G, refetching every list when the tab regains focus costs more than it brings.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

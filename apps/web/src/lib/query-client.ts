import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Catalog data changes rarely within a visit: keep it fresh for a minute, retry only transient failures. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
}

export const queryClient = createQueryClient();

import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * Spec section 7: the first query key is the URL path that a default fetch GETs;
 * later key parts (ids, sub-resources) are joined on as path segments.
 */
export function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  const path = queryKey.map((part) => (typeof part === 'string' ? part : String(part))).join('/');
  return apiRequest(path, { signal });
}

/**
 * Data changes only through our own writes and socket pokes, so nothing is
 * refetched by timers or focus, and nothing is retried (spec section 7).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

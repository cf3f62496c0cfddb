import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retry network failures a few times; a 4xx answer is final.
      retry: (count, err) => count < 3 && (!(err instanceof ApiError) || err.code === 0 || err.code >= 500),
    },
  },
});

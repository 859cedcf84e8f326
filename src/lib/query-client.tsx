import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HttpError } from './http';

/**
 * The query cache of the signed-in portal. It is loaded with the first
 * signed-in route, not with /login, to keep the sign-in page light.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Only a lost connection or a server fault is worth another try.
      retry: (count, error) => count < 2 && error instanceof HttpError && (error.kind === 'network' || error.status >= 500),
    },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

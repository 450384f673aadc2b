import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';
import { activeWriteQueue } from '../lib/offline/write-queue';

/** Client errors (4xx) will not change on retry; network and server errors get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // Writes made offline are sent first; their own refetch follows, so the page never shows the
        // server's older answer over them in between.
        refetchOnReconnect: () => (activeWriteQueue()?.getSnapshot().writes.length ?? 0) === 0,
      },
      // A write runs at once, with or without a connection: one that may wait offline goes into the write
      // queue (see api-client's `offline`); any other fails with a message instead of hanging unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

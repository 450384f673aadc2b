import { QueryClient } from '@tanstack/react-query';
import { shareWithPosition } from '../lib/live-position';
import { activeWriteQueue } from '../lib/offline/write-queue';

/**
 * The HTTP status of an API client error (ApiError), read by shape: importing the API client here would
 * bring the sign-in client into the first download.
 */
const statusOf = (error: unknown): number | undefined =>
  error instanceof Error && 'status' in error && typeof error.status === 'number' ? error.status : undefined;

/** Client errors (4xx) will not change on retry; network and server errors get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // An unchanged answer keeps its old object (and what the screen drew from it), with the new position.
        structuralSharing: shareWithPosition,
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

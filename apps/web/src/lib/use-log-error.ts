import { useEffect } from 'react';

/**
 * Logs a query's error once each time it fails (many failures are only logged), e.g.
 * `useLogError(me.error)`. `prefix` starts the log line when given.
 */
export function useLogError(error: unknown, prefix?: string): void {
  useEffect(() => {
    if (!error) return;
    if (prefix) console.error(prefix, error);
    else console.error(error);
  }, [error, prefix]);
}

import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so "today 18:00" and the groups move on with the clock. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

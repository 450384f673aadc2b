import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` (a minute by default) so what is due, overdue or coming
 * up, and times like "today 18:00", move on with the clock while a page stays open.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

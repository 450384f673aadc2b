import { useState } from 'react';

/**
 * True from the first time `open` is true: a lazy dialog's part is mounted (and its code fetched) when it
 * first opens, and stays mounted after it closes, so closing runs its focus return.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

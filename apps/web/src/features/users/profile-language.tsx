import { useEffect } from 'react';
import { resolveLanguage, switchLanguage } from '../../lib/i18n';
import { useMe } from './api';

/**
 * Shows the app in the signed-in person's language once their profile has loaded: the one they chose, or
 * the browser's when they chose none.
 */
export function ProfileLanguage() {
  const me = useMe();
  const chosen = me.data === undefined ? undefined : (me.data?.language ?? null);
  useEffect(() => {
    if (chosen === undefined) return;
    void switchLanguage(resolveLanguage(chosen));
  }, [chosen]);
  return null;
}

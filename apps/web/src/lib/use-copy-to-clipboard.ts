import { useEffect, useRef, useState } from 'react';
import { t } from './i18n';

export interface CopyStatus {
  text: string;
  error?: boolean;
}

/**
 * Copies text and says so: `copied` names what was copied last (for a 'Copied!' button label) and
 * `status` holds a sentence for an aria-live region, both cleared after a moment. Callers may set
 * `status` for their own messages too.
 */
export function useCopyToClipboard<K extends string>(failureText: string) {
  const [copied, setCopied] = useState<K | null>(null);
  const [status, setStatus] = useState<CopyStatus>({ text: '' });
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy(which: K, value: string) {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setCopied(which);
      setStatus({ text: t('copied') });
      timer.current = window.setTimeout(() => {
        setCopied(null);
        setStatus({ text: '' });
      }, 2500);
    } catch (err) {
      console.error('Copying failed:', err);
      setCopied(null);
      setStatus({ text: failureText, error: true });
    }
  }

  return { copied, status, setStatus, copy };
}

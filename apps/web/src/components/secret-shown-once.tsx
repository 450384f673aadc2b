import { Check, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCopyToClipboard } from '../lib/use-copy-to-clipboard';
import { Button } from './button';

/**
 * A password, token or signing secret the server shows this once: what it is, the value itself (easy to
 * select on a phone), a copy button that says when it worked, and any further actions (e.g. Done).
 */
export function SecretShownOnce({
  intro,
  secret,
  testId,
  copyLabel,
  copyFailed,
  className = '',
  children,
}: {
  intro: string;
  secret: string;
  testId: string;
  copyLabel: string;
  copyFailed: string;
  className?: string;
  children?: ReactNode;
}) {
  const { copied, status, copy } = useCopyToClipboard<'secret'>(copyFailed);
  return (
    <div role="status" className={`rounded-xl border border-line bg-tan-light/40 px-4 py-3 ${className}`}>
      <p className="break-words">{intro}</p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <code className="rounded bg-tan-light px-2 py-1 font-mono text-sm break-all" data-testid={testId}>
          {secret}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy('secret', secret)}>
          {copied === 'secret' ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copyLabel}
        </Button>
        {children}
      </p>
      <p aria-live="polite" className="text-sm">
        {status.text}
      </p>
    </div>
  );
}

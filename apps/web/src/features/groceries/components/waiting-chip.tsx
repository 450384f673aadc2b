import { CloudUpload } from 'lucide-react';
import { t } from '../../../lib/i18n';

/**
 * A small amber "Waiting to send" on a list or item changed offline: words, not only an icon, so a
 * screen reader reads it too (give its id to the row's control as aria-describedby).
 */
export function WaitingChip({ id }: { id?: string }) {
  return (
    <span
      id={id}
      className="inline-flex max-w-full items-center gap-1 rounded-full border border-warning-border bg-warning-bg px-2 py-0.5 text-xs font-semibold text-warning"
    >
      <CloudUpload className="size-3.5 shrink-0" aria-hidden="true" />
      {t('groceries:waitingToSend')}
    </span>
  );
}

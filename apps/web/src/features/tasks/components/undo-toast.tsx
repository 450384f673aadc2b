import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/button';
import { t } from '../../../lib/i18n';

/** How long the toast stays unless it is used or closed. */
export const UNDO_TOAST_MS = 8000;

export interface UndoToastProps {
  title: string;
  /** Changes for every new done, restarting the timer. */
  id: number;
  onUndo: () => void;
  onDismiss: () => void;
}

/** "Done: <title>" with Undo, at the bottom of the screen; announced politely to screen readers. */
export function UndoToast({ title, id, onUndo, onDismiss }: UndoToastProps) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new id restarts the timer
  useEffect(() => {
    const timer = window.setTimeout(onDismiss, UNDO_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [id]);

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <div
        role="status"
        className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl bg-espresso px-4 py-3 text-cream shadow-lift"
      >
        <p className="min-w-0 flex-1 truncate text-sm font-medium">{t('tasks:doneWithTitle', { title })}</p>
        <Button variant="secondary" size="sm" onClick={onUndo}>
          {t('tasks:undo')}
        </Button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('tasks:close')}
          className="-m-1 rounded-lg p-1 text-cream/80 hover:text-cream"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

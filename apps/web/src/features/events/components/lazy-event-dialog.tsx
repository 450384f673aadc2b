import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../components/use-opened-once';
import type { EventDialogProps } from './event-dialog';

const Dialog = lazy(async () => ({ default: (await import('./event-dialog')).EventDialog }));

/**
 * The event dialog, its code (with the forms' and repeat rules' libraries) fetched when it first opens:
 * neither the calendar nor Home needs it to draw.
 */
export function EventDialog(props: EventDialogProps) {
  const opened = useOpenedOnce(props.state.mode !== 'closed');
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

import { lazyDialog } from '../../../components/lazy-dialog';
import type { EventDialogProps } from './event-dialog';

/**
 * The event dialog, its code (with the forms' and repeat rules' libraries) fetched when the browser is
 * idle or the dialog first opens: neither the calendar nor Home needs it to draw.
 */
export const EventDialog = lazyDialog<EventDialogProps>(
  () => import('./event-dialog').then((m) => m.EventDialog),
  (props) => props.state.mode !== 'closed',
);

import type { AlertDialogContentProps } from '@radix-ui/react-alert-dialog';
import {
  cloneElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
  Suspense,
  useId,
  useRef,
} from 'react';
import { useOpenedOnce } from './use-opened-once';

type ContentProps = AlertDialogContentProps;

export interface ConfirmDialogProps {
  /**
   * The control that opens the dialog (it gets the attributes and the click of a Radix trigger). Without
   * one the caller opens it through `open`, and returns focus itself (onCloseAutoFocus).
   */
  trigger?: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
  onOpenAutoFocus?: ContentProps['onOpenAutoFocus'];
  onCloseAutoFocus?: ContentProps['onCloseAutoFocus'];
}

const Panel = lazy(async () => ({ default: (await import('./confirm-dialog-panel')).ConfirmDialogPanel }));

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void; ref?: Ref<HTMLElement> };

/**
 * The trigger as Radix's AlertDialog.Trigger (asChild) draws it, whether or not the dialog's code is
 * here yet: the same attributes (the child's own win), its click first, then the toggle.
 */
function dialogTrigger(
  trigger: ReactElement,
  open: boolean,
  onOpenChange: (open: boolean) => void,
  contentId: string,
  triggerRef: RefObject<HTMLElement | null>,
): ReactElement {
  const own = trigger.props as TriggerProps;
  return cloneElement(trigger, {
    type: 'button',
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? contentId : undefined,
    'data-state': open ? 'open' : 'closed',
    ...own,
    ref: (node: HTMLElement | null) => {
      triggerRef.current = node;
      if (typeof own.ref === 'function') own.ref(node);
      else if (own.ref) own.ref.current = node;
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) onOpenChange(!open);
    },
  } as TriggerProps);
}

/**
 * Asks before an action that cannot be undone; focus stays inside until answered (Radix AlertDialog,
 * whose code loads when the dialog first opens).
 */
export function ConfirmDialog({ trigger, ...props }: ConfirmDialogProps) {
  const contentId = useId();
  const triggerRef = useRef<HTMLElement>(null);
  const opened = useOpenedOnce(props.open);
  return (
    <>
      {trigger && dialogTrigger(trigger, props.open, props.onOpenChange, contentId, triggerRef)}
      {opened && (
        <Suspense fallback={null}>
          <Panel {...props} contentId={contentId} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}

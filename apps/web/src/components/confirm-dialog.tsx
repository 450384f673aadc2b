import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';

type ContentProps = AlertDialog.AlertDialogContentProps;

export interface ConfirmDialogProps {
  /**
   * The control that opens the dialog (rendered as the Radix trigger via asChild). Without one the caller
   * opens it through `open`, and returns focus itself (onCloseAutoFocus).
   */
  trigger?: ReactNode;
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

/** Asks before an action that cannot be undone; focus stays inside until answered (Radix AlertDialog). */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  cancelLabel = 'Cancel',
  destructive = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-scrim/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-card border border-line bg-surface p-6 shadow-lift"
          {...(onOpenAutoFocus && { onOpenAutoFocus })}
          {...(onCloseAutoFocus && { onCloseAutoFocus })}
        >
          <AlertDialog.Title className="text-lg font-bold break-words text-espresso">
            {title}
          </AlertDialog.Title>
          {/* A long name (a list's, an event's) wraps anywhere and scrolls here; the answers stay in view. */}
          <AlertDialog.Description className="mt-2 min-h-12 overflow-y-auto overscroll-contain text-muted [overflow-wrap:anywhere]">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex shrink-0 flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses(destructive ? 'danger' : 'primary')}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

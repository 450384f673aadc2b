import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { RefObject } from 'react';
import { t } from '../lib/i18n';
import { buttonClasses } from './button';
import type { ConfirmDialogProps } from './confirm-dialog';

export interface ConfirmDialogPanelProps extends Omit<ConfirmDialogProps, 'trigger'> {
  /** The id the trigger's aria-controls names while the dialog is open. */
  contentId: string;
  /** The trigger, focused again when the dialog closes (as Radix's own Trigger would be). */
  triggerRef: RefObject<HTMLElement | null>;
}

/** ConfirmDialog's Radix AlertDialog, loaded when it first opens (see confirm-dialog.tsx). */
export function ConfirmDialogPanel({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  cancelLabel = t('cancel'),
  destructive = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  contentId,
  triggerRef,
}: ConfirmDialogPanelProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-scrim/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-card border border-line bg-surface p-6 shadow-lift"
          id={contentId}
          {...(onOpenAutoFocus && { onOpenAutoFocus })}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            // What Radix does for its own Trigger: focus goes back to it.
            if (event.defaultPrevented) return;
            event.preventDefault();
            triggerRef.current?.focus();
          }}
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

import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { DialogCloseContext, DialogHoldContext } from './dialog-hold';
import type { FormDialogProps } from './form-dialog';

/** FormDialog's Radix Dialog, loaded when it first opens (see form-dialog.tsx). */
export function FormDialogPanel({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-scrim/40" />
        {open && (
          <DialogPanel title={title} description={description} closeLabel={closeLabel}>
            <DialogCloseContext value={() => onOpenChange(false)}>{children}</DialogCloseContext>
          </DialogPanel>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogPanel({
  title,
  description,
  closeLabel,
  children,
}: Omit<FormDialogProps, 'open' | 'onOpenChange'>) {
  const [held, setHeld] = useState(false);
  const holdWhileBusy = (event: { preventDefault(): void }) => held && event.preventDefault();
  return (
    <Dialog.Content
      className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-card border border-line bg-surface p-5 shadow-lift sm:p-6"
      onEscapeKeyDown={holdWhileBusy}
      onInteractOutside={holdWhileBusy}
    >
      <div className="flex items-start justify-between gap-4">
        {/* A long title (an event's is up to 200 characters) keeps to three lines so the form keeps its room;
            the whole of it is the tooltip and, in an edit dialog, the Title field. */}
        <Dialog.Title
          className="line-clamp-3 min-w-0 text-xl font-bold break-words text-espresso"
          {...(typeof title === 'string' && { title })}
        >
          {title}
        </Dialog.Title>
        <Dialog.Close
          className="-m-2 rounded-xl p-2 text-muted hover:bg-tan-light hover:text-espresso disabled:cursor-not-allowed disabled:opacity-50"
          aria-label={closeLabel}
          disabled={held}
        >
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
      </div>
      <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
      <DialogHoldContext value={setHeld}>{children}</DialogHoldContext>
    </Dialog.Content>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button, type ButtonProps } from '../button';
import { DialogHoldContext } from './dialog-hold';
import { useFormStatus } from './form';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The close button's accessible name, e.g. 'Close event modal'. */
  closeLabel: string;
  /** Usually a Form with variant="dialog"; mounted only while open, so each opening starts afresh. */
  children: ReactNode;
}

/**
 * A dialog for a form (Radix Dialog): title, description, close button, and the form as its body. Focus
 * stays inside; Esc, a click outside and the close button close it, except while its form is busy.
 */
export function FormDialog({
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
            {children}
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

/** Closes the dialog; waits, like the form's other buttons, while the form is busy. */
export function CancelButton({ children = 'Cancel', disabled, ...props }: ButtonProps) {
  const { busy } = useFormStatus();
  return (
    <Dialog.Close asChild>
      <Button variant="secondary" disabled={busy !== null || disabled} {...props}>
        {children}
      </Button>
    </Dialog.Close>
  );
}

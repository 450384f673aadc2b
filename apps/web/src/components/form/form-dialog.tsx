import { type ReactNode, useContext } from 'react';
import { t } from '../../lib/i18n';
import { Button, type ButtonProps } from '../button';
import { lazyDialog } from '../lazy-dialog';
import { DialogCloseContext } from './dialog-hold';
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
 * A dialog for a form (Radix Dialog, whose code loads when it first opens or the browser is idle; see
 * lazy-dialog.ts): title, description, close button, and the form as its body. Focus stays inside; Esc, a
 * click outside and the close button close it, except while its form is busy.
 */
export const FormDialog = lazyDialog<FormDialogProps>(
  async () => (await import('./form-dialog-panel')).FormDialogPanel,
  (props) => props.open,
);

/** Closes the dialog (as Radix's Dialog.Close); waits, like the form's other buttons, while the form is busy. */
export function CancelButton({ children = t('cancel'), disabled, onClick, ...props }: ButtonProps) {
  const { busy } = useFormStatus();
  const close = useContext(DialogCloseContext);
  return (
    <Button
      variant="secondary"
      disabled={busy !== null || disabled}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) close();
      }}
    >
      {children}
    </Button>
  );
}

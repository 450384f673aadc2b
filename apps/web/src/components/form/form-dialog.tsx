import { lazy, type ReactNode, Suspense, useContext } from 'react';
import { t } from '../../lib/i18n';
import { Button, type ButtonProps } from '../button';
import { useOpenedOnce } from '../use-opened-once';
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

const FormDialogPanel = lazy(async () => ({
  default: (await import('./form-dialog-panel')).FormDialogPanel,
}));

/**
 * A dialog for a form (Radix Dialog, whose code loads when it first opens): title, description, close
 * button, and the form as its body. Focus stays inside; Esc, a click outside and the close button close
 * it, except while its form is busy.
 */
export function FormDialog(props: FormDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <FormDialogPanel {...props} />
    </Suspense>
  );
}

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

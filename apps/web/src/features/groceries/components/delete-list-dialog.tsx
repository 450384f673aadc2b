import type { GroceryList } from '@hearth/contract';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef } from 'react';
import { buttonClasses } from '../../../components/button';
import { itemCount } from './list-panel';

export interface DeleteListDialogProps {
  /** The list to delete; null keeps the dialog closed. */
  list: GroceryList | null;
  onCancel: () => void;
  onConfirm: (list: GroceryList) => void;
  /** Moves focus after a confirmed delete (the control that opened the dialog may be gone by then). */
  focusAfterDelete: () => void;
}

/** Asks before a list and all its items go; focus stays inside until answered (Radix AlertDialog). */
export function DeleteListDialog({ list, onCancel, onConfirm, focusAfterDelete }: DeleteListDialogProps) {
  const confirmed = useRef(false);
  // Opened from several buttons (and not through a Radix Trigger): remember which, to return focus there.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root
      open={list !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-espresso/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card border border-line bg-surface p-6 shadow-lift"
          onOpenAutoFocus={() => {
            confirmed.current = false;
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (confirmed.current) focusAfterDelete();
            else opener.current?.focus();
          }}
        >
          <AlertDialog.Title className="text-lg font-bold text-espresso">Delete this list?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {list && (
              <>
                “{list.grocery_list_name}” and its {itemCount(list.items.length)} will be deleted for everyone
                in the house.
              </>
            )}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses('danger')}
              onClick={() => {
                if (!list) return;
                confirmed.current = true;
                onConfirm(list);
              }}
            >
              Delete list
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import type { GroceryList } from '@hearth/contract';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { t } from '../../../lib/i18n';
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
    <ConfirmDialog
      open={list !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('groceries:deleteThisList')}
      description={
        list &&
        t('groceries:andItsWillBeDeleted', {
          grocery_list_name: list.grocery_list_name,
          count: itemCount(list.items.length),
        })
      }
      confirmLabel={t('groceries:deleteList')}
      destructive
      onConfirm={() => {
        if (!list) return;
        confirmed.current = true;
        onConfirm(list);
      }}
      onOpenAutoFocus={() => {
        confirmed.current = false;
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (confirmed.current) focusAfterDelete();
        else opener.current?.focus();
      }}
    />
  );
}

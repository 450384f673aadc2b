import type { GroceryCategory, GroceryItem, GroceryItemPatch } from '@hearth/contract';
import { useMutation } from '@tanstack/react-query';
import { t } from '../../../lib/i18n';
import { awaitServerId, currentId, nextTemporaryId, saveSettled } from '../../../lib/offline/temporary-ids';
import {
  editLists,
  findItem,
  itemNameIn,
  mapItems,
  offlineWrite,
  patchItem,
  putBack,
  quoted,
  removedNames,
  serverId,
  tickItem,
  useGroceryMutationBase,
} from './cache';
import { groceryKeys, mutationKey, type NewItemDetails } from './keys';
import { createGroceryItem, deleteGroceryItem, setGroceryItemCompleted, updateGroceryItem } from './requests';

/* A list's items: added, ticked, changed and removed, each shown at once. */

export function useAddGroceryItem() {
  const { api, queryClient, prepare, settle } = useGroceryMutationBase();
  const mutation = useMutation({
    mutationKey: mutationKey('add-item'),
    mutationFn: async ({
      listId,
      name,
      tempId,
      details,
    }: {
      listId: number;
      name: string;
      tempId: number;
      details?: NewItemDetails;
      /** Where to show it until the server has filed it. */
      category?: GroceryCategory;
    }) =>
      createGroceryItem(
        api,
        await serverId(listId),
        name,
        details,
        offlineWrite(t('groceries:offline.addItem', { name }), { tempId, idField: 'grocery_item_id' }),
      ),
    onMutate: async ({ listId, name, tempId, details, category }) => {
      const wait = awaitServerId(tempId);
      await prepare();
      const item: GroceryItem = {
        grocery_item_id: tempId,
        grocery_item_name: name,
        grocery_list_id: listId,
        completed: false,
        // The server splits a quantity out of the name and files the item; its answer replaces these.
        quantity: details?.quantity ?? null,
        category: details?.category ?? category ?? 'other',
      };
      editLists(queryClient, (lists) => mapItems(lists, currentId(listId), (items) => [...items, item]));
      return wait;
    },
    onSuccess: (item, { tempId }, wait) => {
      wait?.resolve(item.grocery_item_id);
      editLists(queryClient, (lists) =>
        mapItems(lists, item.grocery_list_id, (items) =>
          items.map((i) =>
            i.grocery_item_id === tempId
              ? { ...item, completed: i.completed } // a tick made meanwhile is being saved
              : i,
          ),
        ),
      );
    },
    onError: (err, { listId, tempId }, wait) => {
      wait?.reject(err);
      editLists(queryClient, (lists) =>
        mapItems(lists, currentId(listId), (items) => items.filter((i) => i.grocery_item_id !== tempId)),
      );
    },
    onSettled: (_saved, _err, { tempId }) => {
      saveSettled(tempId);
      return settle();
    },
  });
  const add = (
    listId: number,
    name: string,
    callbacks?: { onError?: () => void },
    options: { details?: NewItemDetails; category?: GroceryCategory } = {},
  ) =>
    // Each add reports its own failure: mutate's callbacks would only run for the last of quick adds.
    void mutation
      .mutateAsync({ listId, name, tempId: nextTemporaryId(), ...options })
      .catch(() => callbacks?.onError?.());
  return { ...mutation, add };
}

export function useToggleGroceryItem() {
  const { api, queryClient, prepare, settle } = useGroceryMutationBase();
  return useMutation({
    mutationKey: mutationKey('toggle-item'),
    mutationFn: async ({ itemId, completed }: { itemId: number; completed: boolean }) =>
      setGroceryItemCompleted(
        api,
        await serverId(itemId),
        completed,
        offlineWrite(
          t(completed ? 'groceries:offline.tick' : 'groceries:offline.untick', {
            item: quoted(itemNameIn(queryClient, itemId), t('groceries:offline.anItem')),
          }),
        ),
      ),
    onMutate: async ({ itemId, completed }) => {
      await prepare();
      return { previous: tickItem(queryClient, itemId, completed) };
    },
    onError: (_err, { itemId }, context) => {
      if (context?.previous !== undefined) tickItem(queryClient, itemId, context.previous);
    },
    onSettled: settle,
  });
}

export function useRemoveGroceryItem() {
  const { api, queryClient, prepare, settle } = useGroceryMutationBase();
  return useMutation({
    mutationKey: mutationKey('remove-item'),
    mutationFn: async (itemId: number) =>
      deleteGroceryItem(
        api,
        await serverId(itemId),
        offlineWrite(
          t('groceries:offline.remove', {
            item: quoted(itemNameIn(queryClient, itemId), t('groceries:offline.anItem')),
          }),
        ),
      ),
    onMutate: async (itemId) => {
      await prepare();
      const id = currentId(itemId);
      const found = findItem(queryClient.getQueryData(groceryKeys.lists()), id);
      if (found) {
        removedNames.set(id, found.item.grocery_item_name);
        editLists(queryClient, (lists) =>
          mapItems(lists, found.list.grocery_list_id, (items) =>
            items.filter((i) => i.grocery_item_id !== id),
          ),
        );
      }
      return { found };
    },
    onError: (_err, _itemId, context) => {
      const found = context?.found;
      if (!found) return;
      editLists(queryClient, (lists) =>
        mapItems(lists, found.list.grocery_list_id, (items) =>
          putBack(items, found.item, found.index, (i) => i.grocery_item_id === found.item.grocery_item_id),
        ),
      );
    },
    onSettled: settle,
  });
}

/** Changes an item's name, quantity or category (a new category teaches the house). */
export function useUpdateGroceryItem() {
  const { api, queryClient, prepare, settle } = useGroceryMutationBase();
  return useMutation({
    mutationKey: mutationKey('update-item'),
    mutationFn: async ({ itemId, patch }: { itemId: number; patch: GroceryItemPatch }) =>
      updateGroceryItem(
        api,
        await serverId(itemId),
        patch,
        offlineWrite(
          t('groceries:offline.change', {
            item: quoted(itemNameIn(queryClient, itemId), t('groceries:offline.anItem')),
          }),
        ),
      ),
    onMutate: async ({ itemId, patch }) => {
      await prepare();
      const shown: Partial<GroceryItem> = {
        ...(patch.grocery_item_name !== undefined && { grocery_item_name: patch.grocery_item_name }),
        ...(patch.quantity !== undefined && { quantity: patch.quantity || null }),
        ...(patch.category !== undefined && { category: patch.category }),
        ...(patch.completed !== undefined && { completed: patch.completed }),
      };
      return { previous: patchItem(queryClient, itemId, shown) };
    },
    onSuccess: (item) => {
      patchItem(queryClient, item.grocery_item_id, item);
    },
    onError: (_err, { itemId }, context) => {
      if (context?.previous) patchItem(queryClient, itemId, context.previous);
    },
    onSettled: settle,
  });
}

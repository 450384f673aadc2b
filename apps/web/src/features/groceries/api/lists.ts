import type { GroceryCategory, GroceryCategoryOrder, GroceryList } from '@hearth/contract';
import { useMutation } from '@tanstack/react-query';
import { t } from '../../../lib/i18n';
import { awaitServerId, currentId, nextTemporaryId, saveSettled } from '../../../lib/offline/temporary-ids';
import {
  editLists,
  listNameIn,
  mapItems,
  offlineWrite,
  putBack,
  quoted,
  removedNames,
  serverId,
  useGroceryMutationBase,
} from './cache';
import { groceryKeys, mutationKey } from './keys';
import { clearDoneItems, createGroceryList, deleteGroceryList, saveCategoryOrder } from './requests';

/* The house's lists: made, deleted, cleared of what was ticked, and their shop order. */

export function useCreateGroceryList() {
  const { api, queryClient, prepare, settle } = useGroceryMutationBase();
  const mutation = useMutation({
    mutationKey: mutationKey('create-list'),
    mutationFn: ({ name, tempId }: { name: string; tempId: number }) =>
      createGroceryList(
        api,
        name,
        offlineWrite(t('groceries:offline.createList', { name }), { tempId, idField: 'grocery_list_id' }),
      ),
    onMutate: async ({ name, tempId }) => {
      const wait = awaitServerId(tempId);
      await prepare();
      editLists(queryClient, (lists) => [
        ...lists,
        { grocery_list_id: tempId, grocery_list_name: name, items: [] },
      ]);
      return wait;
    },
    onSuccess: (list, { tempId }, wait) => {
      wait?.resolve(list.grocery_list_id);
      // Items added meanwhile keep their place under the real list.
      editLists(queryClient, (lists) =>
        lists.map((l) =>
          l.grocery_list_id === tempId
            ? {
                ...l,
                grocery_list_id: list.grocery_list_id,
                items: l.items.map((i) => ({ ...i, grocery_list_id: list.grocery_list_id })),
              }
            : l,
        ),
      );
    },
    onError: (err, { tempId }, wait) => {
      wait?.reject(err);
      editLists(queryClient, (lists) => lists.filter((l) => l.grocery_list_id !== tempId));
    },
    onSettled: (_saved, _err, { tempId }) => {
      saveSettled(tempId);
      return settle();
    },
  });
  /**
   * Shows the list at once; returns its temporary id (see currentId). `onError` runs for this very list
   * (mutate's own callbacks would only run for the last of several quick calls).
   */
  const create = (name: string, callbacks?: { onError?: () => void }) => {
    const tempId = nextTemporaryId();
    mutation.mutateAsync({ name, tempId }).catch(() => callbacks?.onError?.());
    return tempId;
  };
  return { ...mutation, create };
}

export function useDeleteGroceryList() {
  const { api, queryClient, prepare, settle } = useGroceryMutationBase();
  return useMutation({
    mutationKey: mutationKey('delete-list'),
    mutationFn: async (listId: number) =>
      deleteGroceryList(
        api,
        await serverId(listId),
        offlineWrite(
          t('groceries:offline.deleteList', {
            list: quoted(listNameIn(queryClient, listId), t('groceries:offline.aList')),
          }),
        ),
      ),
    onMutate: async (listId) => {
      await prepare();
      const lists = queryClient.getQueryData<GroceryList[]>(groceryKeys.lists());
      const index = lists?.findIndex((l) => l.grocery_list_id === listId) ?? -1;
      const removed = index === -1 ? undefined : lists?.[index];
      if (removed) removedNames.set(listId, removed.grocery_list_name);
      editLists(queryClient, (all) => all.filter((l) => l.grocery_list_id !== listId));
      return { removed, index };
    },
    onError: (_err, _listId, context) => {
      const removed = context?.removed;
      if (!removed) return;
      editLists(queryClient, (lists) =>
        putBack(lists, removed, context.index, (l) => l.grocery_list_id === removed.grocery_list_id),
      );
    },
    onSettled: settle,
  });
}

/** Removes a list's ticked items at once; they come back if the server refuses. */
export function useClearDone() {
  const { api, queryClient, prepare, settle } = useGroceryMutationBase();
  return useMutation({
    mutationKey: mutationKey('clear-done'),
    mutationFn: async (listId: number) =>
      clearDoneItems(
        api,
        await serverId(listId),
        offlineWrite(
          t('groceries:offline.clearTicked', {
            list: quoted(listNameIn(queryClient, listId), t('groceries:offline.aList')),
          }),
        ),
      ),
    onMutate: async (listId) => {
      await prepare();
      const lists = queryClient.getQueryData<GroceryList[]>(groceryKeys.lists());
      const before = lists?.find((l) => l.grocery_list_id === currentId(listId))?.items;
      editLists(queryClient, (all) =>
        mapItems(all, currentId(listId), (items) => items.filter((i) => !i.completed)),
      );
      return { before };
    },
    onError: (_err, listId, context) => {
      const before = context?.before;
      if (!before) return;
      // Put back the ticked items, keeping whatever else changed meanwhile.
      editLists(queryClient, (all) =>
        mapItems(all, currentId(listId), (items) => {
          const now = new Map(items.map((i) => [i.grocery_item_id, i]));
          const known = new Set(before.map((i) => i.grocery_item_id));
          const restored = before.flatMap((i) => now.get(i.grocery_item_id) ?? (i.completed ? [i] : []));
          return [...restored, ...items.filter((i) => !known.has(i.grocery_item_id))];
        }),
      );
    },
    onSettled: settle,
  });
}

/** Saves the house's shop order; everyone's lists follow (the live stream tells them). */
export function useSetCategoryOrder(houseId: number | null | undefined) {
  const { api, queryClient, settle } = useGroceryMutationBase();
  const key = groceryKeys.categoryOrder(houseId ?? 0);
  return useMutation({
    mutationKey: mutationKey('category-order'),
    mutationFn: (order: GroceryCategory[]) => saveCategoryOrder(api, houseId ?? 0, order),
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<GroceryCategoryOrder>(key);
      queryClient.setQueryData<GroceryCategoryOrder>(key, { order });
      return { previous };
    },
    onError: (_err, _order, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: settle,
  });
}

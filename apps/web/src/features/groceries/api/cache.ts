import type { GroceryItem, GroceryList } from '@hearth/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type OfflineWrite, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { currentId, serverIdOf } from '../../../lib/offline/temporary-ids';
import { groceryKeys } from './keys';

/*
 * The optimistic side of the grocery mutations: the lists in the query cache edited at once, the words a
 * change waiting offline is shown with, and the wait for a temporary id's real one (lib/offline).
 */

/** The server id for `id`, waiting for it when `id` is still temporary. */
export async function serverId(id: number): Promise<number> {
  const found = serverIdOf(id);
  if (found === undefined) throw new Error(t('groceries:offline.neverSaved'));
  return found;
}

type Lists = GroceryList[] | undefined;

/** Names of what was removed from the cache, for the words a waiting removal is shown with. */
export const removedNames = new Map<number, string>();

/** How a grocery change waits offline: described in words, refetching the lists once it is sent. */
export function offlineWrite(label: string, creates?: OfflineWrite['creates']): OfflineWrite {
  return { label, refresh: groceryKeys.all, ...(creates && { creates }) };
}

export function itemNameIn(queryClient: QueryClient, itemId: number): string | undefined {
  const id = currentId(itemId);
  return (
    findItem(queryClient.getQueryData(groceryKeys.lists()), id)?.item.grocery_item_name ??
    removedNames.get(id)
  );
}

export function listNameIn(queryClient: QueryClient, listId: number): string | undefined {
  const id = currentId(listId);
  return (
    queryClient.getQueryData<GroceryList[]>(groceryKeys.lists())?.find((l) => l.grocery_list_id === id)
      ?.grocery_list_name ?? removedNames.get(id)
  );
}

export const quoted = (name: string | undefined, otherwise: string) =>
  name ? t('groceries:offline.quoted', { name }) : otherwise;

export function editLists(queryClient: QueryClient, edit: (lists: GroceryList[]) => GroceryList[]) {
  queryClient.setQueryData<GroceryList[]>(groceryKeys.lists(), (lists: Lists) =>
    lists ? edit(lists) : lists,
  );
}

export const mapItems = (
  lists: GroceryList[],
  listId: number,
  edit: (items: GroceryItem[]) => GroceryItem[],
) => lists.map((l) => (l.grocery_list_id === listId ? { ...l, items: edit(l.items) } : l));

export const findItem = (lists: GroceryList[] | undefined, itemId: number) => {
  for (const list of lists ?? []) {
    const index = list.items.findIndex((i) => i.grocery_item_id === itemId);
    if (index !== -1) return { list, item: list.items[index]!, index };
  }
  return null;
};

/** Sets an item's tick in the cache; returns the tick it had, or undefined when the item is not there. */
export function tickItem(queryClient: QueryClient, itemId: number, completed: boolean): boolean | undefined {
  const id = currentId(itemId);
  const found = findItem(queryClient.getQueryData(groceryKeys.lists()), id);
  if (!found) return undefined;
  editLists(queryClient, (lists) =>
    mapItems(lists, found.list.grocery_list_id, (items) =>
      items.map((i) => (i.grocery_item_id === id ? { ...i, completed } : i)),
    ),
  );
  return found.item.completed;
}

/** `entries` with `entry` back at `index` (or last), for rolling back an optimistic removal. */
export function putBack<T>(entries: T[], entry: T, index: number, same: (other: T) => boolean): T[] {
  const copy = entries.filter((other) => !same(other));
  copy.splice(Math.min(index, copy.length), 0, entry);
  return copy;
}

/** Shared by every grocery mutation: stop refetches that would overwrite the optimistic change, and
 * refetch once the last grocery mutation has settled (this one included). */
export function useGroceryMutationBase() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const prepare = () => queryClient.cancelQueries({ queryKey: groceryKeys.lists() });
  const settle = () => {
    if (queryClient.isMutating({ mutationKey: groceryKeys.all }) === 1) {
      return queryClient.invalidateQueries({ queryKey: groceryKeys.all });
    }
  };
  return { api, queryClient, prepare, settle };
}

/** Sets fields of an item in the cache; returns the item as it was, or undefined when it is not there. */
export function patchItem(queryClient: QueryClient, itemId: number, patch: Partial<GroceryItem>) {
  const id = currentId(itemId);
  const found = findItem(queryClient.getQueryData(groceryKeys.lists()), id);
  if (!found) return undefined;
  editLists(queryClient, (lists) =>
    mapItems(lists, found.list.grocery_list_id, (items) =>
      items.map((i) => (i.grocery_item_id === id ? { ...i, ...patch } : i)),
    ),
  );
  return found.item;
}

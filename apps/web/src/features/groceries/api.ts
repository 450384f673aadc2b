import type {
  GroceryCategory,
  GroceryCategoryOrder,
  GroceryClearDone,
  GroceryItem,
  GroceryItemPatch,
  GroceryList,
  GrocerySuggestion,
  Ok,
} from '@hearth/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, type OfflineWrite, useApiClient } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { temporaryId } from '../../lib/offline/write-key';
import { activeWriteQueue } from '../../lib/offline/write-queue';

export const groceryKeys = {
  all: ['groceries'] as const,
  lists: () => [...groceryKeys.all, 'lists'] as const,
  suggestions: (q: string) => [...groceryKeys.all, 'suggestions', q] as const,
  buyAgain: () => [...groceryKeys.all, 'buy-again'] as const,
  categoryOrder: (houseId: number) => [...groceryKeys.all, 'category-order', houseId] as const,
};

/** What an added item may say besides its name; without a quantity the server reads one from the name. */
export interface NewItemDetails {
  quantity?: string | null;
  category?: GroceryCategory;
}

/** Every grocery mutation's key starts with this: the live stream holds its refetch while one runs. */
const mutationKey = (action: string) => [...groceryKeys.all, action] as const;

// --- fetchers -------------------------------------------------------------------------------------------

export function fetchGroceryLists(api: ApiClient, signal?: AbortSignal): Promise<GroceryList[]> {
  return api.get<GroceryList[]>('/api/grocery-list/', {
    failure: t('groceries:failedToFetchGroceryLists'),
    ...(signal && { signal }),
  });
}

/** Writes given `offline` may wait in the write queue while there is no connection (see api-client). */
const waits = (offline: OfflineWrite | undefined) => (offline ? { offline } : undefined);

export const createGroceryList = (api: ApiClient, name: string, offline?: OfflineWrite) =>
  api.post<GroceryList>('/api/grocery-list/', { grocery_list_name: name }, waits(offline));

export const deleteGroceryList = (api: ApiClient, listId: number, offline?: OfflineWrite) =>
  api.delete<Ok>(`/api/grocery-list/${listId}`, waits(offline));

export const createGroceryItem = (
  api: ApiClient,
  listId: number,
  name: string,
  details: NewItemDetails = {},
  offline?: OfflineWrite,
) =>
  api.post<GroceryItem>(
    '/api/grocery-item/',
    { grocery_item_name: name, grocery_list_id: listId, ...details },
    waits(offline),
  );

export const updateGroceryItem = (
  api: ApiClient,
  itemId: number,
  patch: GroceryItemPatch,
  offline?: OfflineWrite,
) => api.patch<GroceryItem>(`/api/grocery-item/${itemId}`, patch, waits(offline));

export const clearDoneItems = (api: ApiClient, listId: number, offline?: OfflineWrite) =>
  api.delete<GroceryClearDone>(`/api/grocery-list/${listId}/done`, waits(offline));

export const fetchSuggestions = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api.get<GrocerySuggestion[]>(`/api/grocery-suggestion/?${new URLSearchParams({ q, limit: '6' })}`, {
    ...(signal && { signal }),
  });

export const fetchBuyAgain = (api: ApiClient, signal?: AbortSignal) =>
  api.get<GrocerySuggestion[]>('/api/grocery-suggestion/again?limit=8', { ...(signal && { signal }) });

export const fetchCategoryOrder = (api: ApiClient, houseId: number, signal?: AbortSignal) =>
  api.get<GroceryCategoryOrder>(`/api/house/${houseId}/grocery-category-order`, {
    ...(signal && { signal }),
  });

export const saveCategoryOrder = (api: ApiClient, houseId: number, order: GroceryCategory[]) =>
  api.put<GroceryCategoryOrder>(`/api/house/${houseId}/grocery-category-order`, { order });

export const setGroceryItemCompleted = (
  api: ApiClient,
  itemId: number,
  completed: boolean,
  offline?: OfflineWrite,
) => api.patch<GroceryItem>(`/api/grocery-item/${itemId}`, { completed }, waits(offline));

export const deleteGroceryItem = (api: ApiClient, itemId: number, offline?: OfflineWrite) =>
  api.delete<Ok>(`/api/grocery-item/${itemId}`, waits(offline));

export const groceryListsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: groceryKeys.lists(),
    queryFn: ({ signal }) => fetchGroceryLists(api, signal),
  });

/** The house's lists with their items (the live stream keeps them current). */
export function useGroceryLists(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...groceryListsQuery(api), enabled: options.enabled ?? true });
}

/**
 * What the house buys that starts with `q` (its own first, then common items). Only asked for once
 * something is typed; the previous answer stays while the next one loads, so the list does not flicker.
 */
export function useGrocerySuggestions(q: string, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: groceryKeys.suggestions(q),
    queryFn: ({ signal }) => fetchSuggestions(api, q, signal),
    enabled: (options.enabled ?? true) && q !== '',
    placeholderData: (previous) => previous,
    staleTime: 30_000,
    retry: false,
  });
}

/** The house's "Buy again": what it buys most often that no list holds now. */
export function useBuyAgain(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: groceryKeys.buyAgain(),
    queryFn: ({ signal }) => fetchBuyAgain(api, signal),
    enabled: options.enabled ?? true,
    retry: false,
  });
}

/** The house's shop order of categories (shared by everyone in it). */
export function useCategoryOrder(houseId: number | null | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: groceryKeys.categoryOrder(houseId ?? 0),
    queryFn: ({ signal }) => fetchCategoryOrder(api, houseId ?? 0, signal),
    enabled: houseId != null,
    retry: false,
  });
}

// --- optimistic updates ---------------------------------------------------------------------------------

/*
 * Lists and items show the moment they are made, under a temporary negative id. Anything done to them
 * before the server answers (adding an item to a new list, ticking a new item) waits for the real id,
 * or, when it was made offline, goes into the write queue behind it (the queue puts the real id in).
 * Temporary ids stay unique across reloads, since queued writes outlive the page.
 */
const nextTempId = temporaryId;
const pending = new Map<number, Promise<number>>();
const resolved = new Map<number, number>();
const temporaryOf = new Map<number, number>();

/** The server id for `id`, waiting for it when `id` is still temporary. */
async function serverId(id: number): Promise<number> {
  if (id > 0) return id;
  const queue = activeWriteQueue();
  const known = resolved.get(id) ?? queue?.realId(id);
  if (known !== undefined) return known;
  if (queue?.willCreate(id)) return id;
  const wait = pending.get(id);
  if (!wait) throw new Error(t('groceries:offline.neverSaved'));
  return wait;
}

/** The current id of something that may have been shown under a temporary id. */
export function currentId(id: number): number {
  return resolved.get(id) ?? id;
}

/** A React key that does not change when a temporary id becomes the real one (no remount, focus kept). */
export function stableKey(id: number): number {
  return temporaryOf.get(id) ?? id;
}

function saved(tempId: number, id: number) {
  resolved.set(tempId, id);
  temporaryOf.set(id, tempId);
}

function deferred() {
  let resolve!: (id: number) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A failure is reported by the mutation that failed, not by those that waited for it.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

type Lists = GroceryList[] | undefined;

/** Names of what was removed from the cache, for the words a waiting removal is shown with. */
const removedNames = new Map<number, string>();

/** How a grocery change waits offline: described in words, refetching the lists once it is sent. */
function offlineWrite(label: string, creates?: OfflineWrite['creates']): OfflineWrite {
  return { label, refresh: groceryKeys.all, ...(creates && { creates }) };
}

function itemNameIn(queryClient: QueryClient, itemId: number): string | undefined {
  const id = currentId(itemId);
  return (
    findItem(queryClient.getQueryData(groceryKeys.lists()), id)?.item.grocery_item_name ??
    removedNames.get(id)
  );
}

function listNameIn(queryClient: QueryClient, listId: number): string | undefined {
  const id = currentId(listId);
  return (
    queryClient.getQueryData<GroceryList[]>(groceryKeys.lists())?.find((l) => l.grocery_list_id === id)
      ?.grocery_list_name ?? removedNames.get(id)
  );
}

const quoted = (name: string | undefined, otherwise: string) =>
  name ? t('groceries:offline.quoted', { name }) : otherwise;

function editLists(queryClient: QueryClient, edit: (lists: GroceryList[]) => GroceryList[]) {
  queryClient.setQueryData<GroceryList[]>(groceryKeys.lists(), (lists: Lists) =>
    lists ? edit(lists) : lists,
  );
}

const mapItems = (lists: GroceryList[], listId: number, edit: (items: GroceryItem[]) => GroceryItem[]) =>
  lists.map((l) => (l.grocery_list_id === listId ? { ...l, items: edit(l.items) } : l));

const findItem = (lists: GroceryList[] | undefined, itemId: number) => {
  for (const list of lists ?? []) {
    const index = list.items.findIndex((i) => i.grocery_item_id === itemId);
    if (index !== -1) return { list, item: list.items[index]!, index };
  }
  return null;
};

/** Sets an item's tick in the cache; returns the tick it had, or undefined when the item is not there. */
function tickItem(queryClient: QueryClient, itemId: number, completed: boolean): boolean | undefined {
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
function putBack<T>(entries: T[], entry: T, index: number, same: (other: T) => boolean): T[] {
  const copy = entries.filter((other) => !same(other));
  copy.splice(Math.min(index, copy.length), 0, entry);
  return copy;
}

/** Shared by every grocery mutation: stop refetches that would overwrite the optimistic change, and
 * refetch once the last grocery mutation has settled (this one included). */
function useGroceryMutationBase() {
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
      const wait = deferred();
      pending.set(tempId, wait.promise);
      await prepare();
      editLists(queryClient, (lists) => [
        ...lists,
        { grocery_list_id: tempId, grocery_list_name: name, items: [] },
      ]);
      return wait;
    },
    onSuccess: (list, { tempId }, wait) => {
      saved(tempId, list.grocery_list_id);
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
      pending.delete(tempId);
      return settle();
    },
  });
  /**
   * Shows the list at once; returns its temporary id (see currentId). `onError` runs for this very list
   * (mutate's own callbacks would only run for the last of several quick calls).
   */
  const create = (name: string, callbacks?: { onError?: () => void }) => {
    const tempId = nextTempId();
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
      const wait = deferred();
      pending.set(tempId, wait.promise);
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
      saved(tempId, item.grocery_item_id);
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
      pending.delete(tempId);
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
      .mutateAsync({ listId, name, tempId: nextTempId(), ...options })
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

/** Sets fields of an item in the cache; returns the item as it was, or undefined when it is not there. */
function patchItem(queryClient: QueryClient, itemId: number, patch: Partial<GroceryItem>) {
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

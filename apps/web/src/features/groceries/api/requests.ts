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
import type { ApiClient, OfflineWrite } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import type { NewItemDetails } from './keys';

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

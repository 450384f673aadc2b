import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { groceryKeys } from './keys';
import { fetchBuyAgain, fetchCategoryOrder, fetchGroceryLists, fetchSuggestions } from './requests';

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

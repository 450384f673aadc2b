import type { GroceryCategory } from '@hearth/contract';

/** Every groceries query key starts with 'groceries', so the live stream's 'groceries' kind refetches them all. */
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
export const mutationKey = (action: string) => [...groceryKeys.all, action] as const;

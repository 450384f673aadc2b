import type {
  GroceryList,
  Meal,
  MealInput,
  MealsToGroceries,
  MealsToGroceriesInput,
  Member,
  Ok,
  Recipe,
  RecipeImportInput,
  RecipeInput,
  Staples,
} from '@hearth/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../lib/api-client';
import { t } from '../../lib/i18n';

export const mealKeys = {
  all: ['meals'] as const,
  plan: (from: string, to: string) => [...mealKeys.all, 'plan', from, to] as const,
  recipes: (q: string) => [...mealKeys.all, 'recipes', q] as const,
  recipe: (id: number) => [...mealKeys.all, 'recipe', id] as const,
  staples: (houseId: number) => [...mealKeys.all, 'staples', houseId] as const,
  members: (houseId: number) => [...mealKeys.all, 'members', houseId] as const,
  groceryLists: () => [...mealKeys.all, 'grocery-lists'] as const,
};

/** Every meals mutation's key starts with this: the live stream holds its refetch while one runs. */
const mutationKey = (action: string) => [...mealKeys.all, action] as const;

export const fetchPlan = (api: ApiClient, from: string, to: string, signal?: AbortSignal) =>
  api.get<Meal[]>(`/api/meal/?from=${from}&to=${to}`, {
    failure: t('meals:errors.loadPlan'),
    ...(signal && { signal }),
  });

export const planQuery = (api: ApiClient, from: string, to: string) =>
  queryOptions({
    queryKey: mealKeys.plan(from, to),
    queryFn: ({ signal }) => fetchPlan(api, from, to, signal),
  });

export function usePlan(from: string, to: string, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...planQuery(api, from, to), enabled, placeholderData: keepPreviousData });
}

export const fetchRecipes = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api.get<Recipe[]>(`/api/recipe/${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
    failure: t('meals:errors.loadRecipes'),
    ...(signal && { signal }),
  });

export const recipesQuery = (api: ApiClient, q = '') =>
  queryOptions({ queryKey: mealKeys.recipes(q), queryFn: ({ signal }) => fetchRecipes(api, q, signal) });

export function useRecipes(q = '', enabled = true) {
  const api = useApiClient();
  return useQuery({ ...recipesQuery(api, q), enabled, placeholderData: keepPreviousData });
}

export function useRecipe(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: mealKeys.recipe(id ?? 0),
    queryFn: ({ signal }) => api.get<Recipe>(`/api/recipe/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useStaples(houseId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: mealKeys.staples(houseId ?? 0),
    queryFn: ({ signal }) => api.get<Staples>(`/api/house/${houseId}/staples`, { signal }),
    enabled: houseId !== null,
  });
}

export function useMembers(houseId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: mealKeys.members(houseId ?? 0),
    queryFn: ({ signal }) => api.get<Member[]>(`/api/house/${houseId}/members`, { signal }),
    enabled: houseId !== null,
  });
}

export function useGroceryLists(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: mealKeys.groceryLists(),
    queryFn: ({ signal }) => api.get<GroceryList[]>('/api/grocery-list/', { signal }),
    enabled,
  });
}

/** A change that refetches everything of the feature once it is done. */
function useMealsMutation<V, R>(action: string, run: (api: ApiClient, vars: V) => Promise<R>) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationKey: mutationKey(action),
    mutationFn: (vars: V) => run(api, vars),
    onSettled: () => client.invalidateQueries({ queryKey: mealKeys.all }),
  });
}

export const useSaveMeal = () =>
  useMealsMutation('save-meal', (api, { id, input }: { id: number | null; input: MealInput }) =>
    id === null ? api.post<Meal>('/api/meal/', input) : api.put<Meal>(`/api/meal/${id}`, input),
  );

export const useDeleteMeal = () =>
  useMealsMutation('delete-meal', (api, id: number) => api.delete<Ok>(`/api/meal/${id}`));

/** Plans each of last week's meals again, seven days later. */
export const useCopyWeek = () =>
  useMealsMutation('copy-week', async (api, meals: Meal[]) => {
    for (const meal of meals) {
      await api.post<Meal>('/api/meal/', {
        date: meal.date,
        slot: meal.slot,
        recipe_id: meal.recipe_id,
        title: meal.title,
        servings: meal.servings,
        cook_id: meal.cook_id,
        note: meal.note,
      });
    }
  });

export const useSaveRecipe = () =>
  useMealsMutation('save-recipe', (api, { id, input }: { id: number | null; input: RecipeInput }) =>
    id === null ? api.post<Recipe>('/api/recipe/', input) : api.put<Recipe>(`/api/recipe/${id}`, input),
  );

export const useDeleteRecipe = () =>
  useMealsMutation('delete-recipe', (api, id: number) => api.delete<Ok>(`/api/recipe/${id}`));

export const useImportRecipe = () =>
  useMealsMutation('import-recipe', (api, input: RecipeImportInput) =>
    api.post<Recipe>('/api/recipe/import', input),
  );

export const useSaveStaples = () =>
  useMealsMutation('save-staples', (api, { houseId, staples }: { houseId: number; staples: string[] }) =>
    api.put<Staples>(`/api/house/${houseId}/staples`, { staples }),
  );

export const useToGroceries = () =>
  useMealsMutation('to-groceries', (api, input: MealsToGroceriesInput) =>
    api.post<MealsToGroceries>('/api/meal/to-groceries', input),
  );

export const useUndoAddition = () =>
  useMealsMutation('undo-addition', (api, additionId: number) =>
    api.post<Ok>(`/api/meal/to-groceries/${additionId}/undo`),
  );

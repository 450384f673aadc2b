import type { Expense, PurchaseInput } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { billKeys } from './keys';

/** The grocery lists' queries, which a purchase changes (its items leave the list). */
const GROCERY_KEYS = ['groceries'] as const;

/** Records a grocery list's ticked items as one expense; the items leave the list in the same step. */
export function useRecordPurchase(listId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseInput) => api.post<Expense>(`/api/grocery-list/${listId}/purchase`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billKeys.all }),
        queryClient.invalidateQueries({ queryKey: GROCERY_KEYS }),
      ]),
  });
}

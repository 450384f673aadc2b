import type { ExpenseImportInput, ExpenseImportResult } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAccessToken, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { billKeys } from './keys';

/** Downloads every expense and payment as a CSV file (the Splitwise layout). */
export function useExportCsv() {
  const token = useAccessToken();
  return useMutation({
    mutationFn: async () => {
      const response = await fetch('/api/expense/export.csv', {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(`${t('bills:failedToExportExpenses')}: ${response.statusText}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'hearth-expenses.csv';
      link.click();
      URL.revokeObjectURL(url);
    },
  });
}

export function useImportCsv() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExpenseImportInput) => api.post<ExpenseImportResult>('/api/expense/import', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

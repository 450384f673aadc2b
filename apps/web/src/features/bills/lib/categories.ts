import type { ExpenseCategory } from '@hearth/contract';
import { labels } from '../../../lib/i18n';

export const CATEGORY_LABELS: Record<ExpenseCategory, string> = labels({
  groceries: 'bills:categoryNames.groceries',
  rent: 'bills:categoryNames.rent',
  utilities: 'bills:categoryNames.utilities',
  household: 'bills:categoryNames.household',
  other: 'bills:categoryNames.other',
});

/** Each category's colour in the spending chart and its legend (palette tokens only). */
export const CATEGORY_COLOURS: Record<ExpenseCategory, string> = {
  groceries: 'bg-success',
  rent: 'bg-primary',
  utilities: 'bg-warning-border',
  household: 'bg-tan',
  other: 'bg-muted',
};

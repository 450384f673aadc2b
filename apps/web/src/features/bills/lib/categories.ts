import type { ExpenseCategory } from '@hearth/contract';

export const CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  groceries: 'Groceries',
  rent: 'Rent',
  utilities: 'Utilities',
  household: 'Household',
  other: 'Other',
};

/** Each category's colour in the spending chart and its legend (palette tokens only). */
export const CATEGORY_COLOURS: Record<ExpenseCategory, string> = {
  groceries: 'bg-success',
  rent: 'bg-primary',
  utilities: 'bg-warning-border',
  household: 'bg-tan',
  other: 'bg-muted',
};

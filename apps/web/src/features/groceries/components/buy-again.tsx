import type { GroceryItem, GrocerySuggestion } from '@hearth/contract';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { t } from '../../../lib/i18n';
import { useBuyAgain } from '../api/queries';
import { spokenItem } from '../lib/shop-texts';

export interface BuyAgainProps {
  items: readonly GroceryItem[];
  onAdd: (suggestion: GrocerySuggestion) => void;
}

/** What the house buys most often that is not on a list; one tap adds it with its usual quantity. */
export function BuyAgain({ items, onAdd }: BuyAgainProps) {
  const again = useBuyAgain();
  const headingId = useId();
  // Anything on this list already, ticked or not, is not offered again.
  const listed = new Set(items.map((i) => i.grocery_item_name.trim().toLowerCase()));
  const shown = (again.data ?? []).filter((s) => !listed.has(s.name.trim().toLowerCase()));
  if (shown.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-muted">
        <RotateCcw className="size-4" aria-hidden="true" />
        {t('groceries:buyAgain')}
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-wrap gap-2">
        {shown.map((s) => (
          <li key={s.name} className="min-w-0 max-w-full">
            <button
              type="button"
              className="flex min-h-11 max-w-full items-center gap-2 rounded-full border border-tan bg-tan-light px-3 py-1.5 text-left text-sm text-espresso hover:border-primary"
              aria-label={t('groceries:buyAgainItem', { name: spokenItem(s.name, s.quantity) })}
              onClick={() => onAdd(s)}
            >
              {/* One text, so what is read out contains what is seen. */}
              <span className="min-w-0 break-words">{spokenItem(s.name, s.quantity)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

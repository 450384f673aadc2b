import { GROCERY_LIST_NAME_MAX, type GroceryList } from '@hearth/contract';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { stableKey } from '../../../lib/offline/temporary-ids';
import { GroceryEmpty } from '../grocery-messages';
import { NameForm } from './name-form';
import { WaitingChip } from './waiting-chip';

export interface ListPanelProps {
  lists: GroceryList[];
  selectedId: number | null;
  onSelect: (listId: number) => void;
  onDelete: (list: GroceryList) => void;
  onCreate: (name: string, failed: (name: string) => void) => void;
  /** Lists with a change made offline that waits to be sent. */
  waiting?: ReadonlySet<number>;
}

export const itemCount = (n: number) => t('common:items', { count: n });

/** The left panel: the house's lists with item counts and Delete, and the form for a new list. */
export function ListPanel({ lists, selectedId, onSelect, onDelete, onCreate, waiting }: ListPanelProps) {
  return (
    <section aria-labelledby="grocery-lists-heading" className="flex flex-col gap-4">
      <h2 id="grocery-lists-heading" className="text-lg font-bold text-espresso">
        {t('groceries:lists')}
      </h2>
      {lists.length === 0 ? (
        <p className="rounded-xl border border-dashed border-tan px-4 py-6 text-center text-muted">
          {GroceryEmpty.noLists}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {lists.map((list) => {
            const selected = list.grocery_list_id === selectedId;
            return (
              <li
                key={stableKey(list.grocery_list_id)}
                className={cn(
                  'flex items-center gap-1 rounded-xl border pr-1 transition-colors',
                  selected ? 'border-primary bg-tan-light' : 'border-line bg-surface hover:border-tan',
                )}
              >
                <button
                  type="button"
                  data-focus-key={`list-${list.grocery_list_id}`}
                  aria-current={selected ? 'true' : undefined}
                  className="flex min-h-12 min-w-0 flex-1 flex-col items-start justify-center rounded-xl px-3 py-2 text-left"
                  onClick={() => onSelect(list.grocery_list_id)}
                >
                  <span className="w-full truncate font-semibold text-espresso">
                    {list.grocery_list_name}
                  </span>
                  <span className="text-sm text-muted">{itemCount(list.items.length)}</span>
                  {waiting?.has(list.grocery_list_id) && <WaitingChip />}
                </button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="shrink-0"
                  aria-label={t('groceries:delete', { grocery_list_name: list.grocery_list_name })}
                  onClick={() => onDelete(list)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('groceries:deleteButton')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <NameForm
        label={t('groceries:newListName')}
        buttonLabel={t('groceries:createList')}
        maxLength={GROCERY_LIST_NAME_MAX}
        focusKey="new-list"
        layout="stacked"
        onSubmit={onCreate}
      />
    </section>
  );
}

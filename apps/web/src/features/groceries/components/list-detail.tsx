import type { GroceryCategory, GroceryItem, GroceryList, GrocerySuggestion } from '@hearth/contract';
import { ListOrdered, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { t } from '../../../lib/i18n';
import { RecordPurchaseButton } from '../../bills';
import { GroceryEmpty } from '../grocery-messages';
import { completeOrder } from '../lib/categories';
import { AddItemForm } from './add-item-form';
import { BuyAgain } from './buy-again';
import { GroupedItems } from './grouped-items';
import { itemCount } from './list-panel';
import { ShopOrder } from './shop-order';

export interface ListDetailProps {
  list: GroceryList | null;
  /** The house's shop order; undefined while it loads (the default order shows meanwhile). */
  order?: readonly GroceryCategory[] | undefined;
  /** `failed` puts the typed name back into the field when the item cannot be saved. */
  onAdd: (listId: number, name: string, failed: (name: string) => void) => void;
  onAddSuggestion?: (listId: number, suggestion: GrocerySuggestion) => void;
  onToggle: (item: GroceryItem, completed: boolean) => void;
  onRemove: (item: GroceryItem, index: number) => void;
  onEdit?: (item: GroceryItem) => void;
  onClearDone?: (list: GroceryList) => void;
  onOrderChange?: (order: GroceryCategory[]) => void;
  onDeleteList: (list: GroceryList) => void;
  /** Items with a change made offline that waits to be sent. */
  waiting?: ReadonlySet<number>;
}

const nothing = () => undefined;

/**
 * The right panel: the selected list grouped by category in the house's shop order, ticked items in
 * "Done", the add form with suggestions, "Buy again", and the shop order itself.
 */
export function ListDetail({
  list,
  order,
  onAdd,
  onAddSuggestion = nothing,
  onToggle,
  onRemove,
  onEdit = nothing,
  onClearDone = nothing,
  onOrderChange = nothing,
  onDeleteList,
  waiting,
}: ListDetailProps) {
  const [ordering, setOrdering] = useState(false);
  const orderPanelId = useId();
  if (!list) {
    return (
      <section aria-label={t('groceries:selectedList')} className="flex min-h-48 items-center justify-center">
        <p className="text-lg font-semibold text-muted">{GroceryEmpty.noSelection}</p>
      </section>
    );
  }
  const done = list.items.filter((i) => i.completed).length;
  const addSuggestion = (s: GrocerySuggestion) => onAddSuggestion(list.grocery_list_id, s);
  return (
    <section aria-labelledby="grocery-list-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="grocery-list-heading" className="text-xl font-bold break-words text-espresso">
            {list.grocery_list_name}
          </h2>
          <p className="text-sm text-muted">
            {itemCount(list.items.length)}
            {done > 0 && t('groceries:doneCountSuffix', { done })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={ordering}
            aria-controls={ordering ? orderPanelId : undefined}
            onClick={() => setOrdering((open) => !open)}
          >
            <ListOrdered className="size-4" aria-hidden="true" />
            {t('groceries:shopOrder')}
          </Button>
          <RecordPurchaseButton list={list} />
          <Button variant="secondary" size="sm" onClick={() => onDeleteList(list)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('groceries:deleteList')}
          </Button>
        </div>
      </div>

      {ordering && (
        <div
          id={orderPanelId}
          className="flex flex-col gap-2 rounded-xl border border-tan bg-tan-light/40 p-3"
        >
          <p className="text-sm text-muted">{t('groceries:shopOrderExplanation')}</p>
          <ShopOrder order={completeOrder(order)} onChange={onOrderChange} />
        </div>
      )}

      <AddItemForm
        items={list.items}
        onAdd={(name, failed) => onAdd(list.grocery_list_id, name, failed)}
        onAddSuggestion={addSuggestion}
      />

      <BuyAgain items={list.items} onAdd={addSuggestion} />

      {list.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-tan px-4 py-6 text-center text-muted">
          {GroceryEmpty.noItems}
        </p>
      ) : (
        <GroupedItems
          list={list}
          order={order}
          onToggle={onToggle}
          onRemove={onRemove}
          onEdit={onEdit}
          onClearDone={() => onClearDone(list)}
          {...(waiting && { waiting })}
        />
      )}
    </section>
  );
}

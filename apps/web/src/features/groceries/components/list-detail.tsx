import { GROCERY_ITEM_NAME_MAX, type GroceryItem, type GroceryList } from '@hearth/contract';
import { Trash2, X } from 'lucide-react';
import { Button } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { RecordPurchaseButton } from '../../bills';
import { stableKey } from '../api';
import { GroceryEmpty } from '../grocery-messages';
import { itemCount } from './list-panel';
import { NameForm } from './name-form';

export interface ListDetailProps {
  list: GroceryList | null;
  onAdd: (listId: number, name: string) => void;
  onToggle: (item: GroceryItem) => void;
  onRemove: (item: GroceryItem, index: number) => void;
  onDeleteList: (list: GroceryList) => void;
}

/** SPEC's right panel: the selected list, its items (click or Space ticks them) and the add form. */
export function ListDetail({ list, onAdd, onToggle, onRemove, onDeleteList }: ListDetailProps) {
  if (!list) {
    return (
      <section aria-label="Selected list" className="flex min-h-48 items-center justify-center">
        <p className="text-lg font-semibold text-muted">{GroceryEmpty.noSelection}</p>
      </section>
    );
  }
  const done = list.items.filter((i) => i.completed).length;
  return (
    <section aria-labelledby="grocery-list-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="grocery-list-heading" className="text-xl font-bold break-words text-espresso">
            {list.grocery_list_name}
          </h2>
          <p className="text-sm text-muted">
            {itemCount(list.items.length)}
            {done > 0 && `, ${done} done`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <RecordPurchaseButton list={list} />
          <Button variant="secondary" size="sm" onClick={() => onDeleteList(list)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Delete list
          </Button>
        </div>
      </div>

      <NameForm
        label="Add new item"
        buttonLabel="Add"
        maxLength={GROCERY_ITEM_NAME_MAX}
        focusKey="add-item"
        onSubmit={(name) => onAdd(list.grocery_list_id, name)}
      />

      {list.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-tan px-4 py-6 text-center text-muted">
          {GroceryEmpty.noItems}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={`Items in ${list.grocery_list_name}`}>
          {list.items.map((item, index) => (
            <li
              key={stableKey(item.grocery_item_id)}
              className={cn(
                'flex items-center gap-2 rounded-xl border pr-1 transition-colors',
                item.completed ? 'border-line bg-tan-light' : 'border-line bg-surface hover:border-tan',
              )}
            >
              <label className="flex min-h-12 min-w-0 flex-1 cursor-pointer items-center gap-3 px-3 py-2">
                <input
                  type="checkbox"
                  data-focus-key={`item-${item.grocery_item_id}`}
                  className="size-5 shrink-0 cursor-pointer accent-primary"
                  checked={item.completed}
                  onChange={() => onToggle(item)}
                />
                <span
                  className={cn(
                    'min-w-0 break-words',
                    item.completed ? 'text-muted line-through decoration-2' : 'text-espresso',
                  )}
                >
                  {item.grocery_item_name}
                </span>
              </label>
              <Button
                variant="ghost"
                size="sm"
                className="shrink-0"
                aria-label={`Remove ${item.grocery_item_name}`}
                onClick={() => onRemove(item, index)}
              >
                <X className="size-4" aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

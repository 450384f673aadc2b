import type { GroceryItem, GroceryList } from '@hearth/contract';
import { CheckCheck, Pencil, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { stableKey } from '../../../lib/offline/temporary-ids';
import { CATEGORY_NAMES, groupItems } from '../lib/categories';
import { spokenItem } from '../lib/shop-texts';
import { WaitingChip } from './waiting-chip';

export interface GroupedItemsProps {
  list: GroceryList;
  order: readonly string[] | undefined;
  onToggle: (item: GroceryItem, completed: boolean) => void;
  onRemove: (item: GroceryItem, index: number) => void;
  onEdit: (item: GroceryItem) => void;
  onClearDone: () => void;
  /** Items with a change made offline that waits to be sent (their ids, temporary or real). */
  waiting?: ReadonlySet<number>;
}

/**
 * The list as the house walks the shop: unticked items under their category, categories in the house's
 * order, and ticked items in "Done" at the bottom with "Clear done". Click or Space ticks an item.
 */
export function GroupedItems({
  list,
  order,
  onToggle,
  onRemove,
  onEdit,
  onClearDone,
  waiting,
}: GroupedItemsProps) {
  const { groups, done } = groupItems(list.items, order);
  const row = (item: GroceryItem) => (
    <ItemRow
      key={stableKey(item.grocery_item_id)}
      item={item}
      waiting={waiting?.has(item.grocery_item_id) ?? false}
      onToggle={onToggle}
      onEdit={onEdit}
      onRemove={(it) => onRemove(it, list.items.indexOf(it))}
    />
  );
  // One flat list, headings between the rows: a ticked item moves to Done as the same element, so it keeps
  // focus (Space ticks and unticks in place) instead of being rebuilt elsewhere.
  return (
    <ul
      className="flex flex-col gap-2"
      aria-label={t('groceries:itemsIn', { grocery_list_name: list.grocery_list_name })}
    >
      {[
        ...groups.flatMap((group, index) => [
          <GroupHeading key={`heading-${group.category}`} first={index === 0}>
            {CATEGORY_NAMES[group.category]}
          </GroupHeading>,
          ...group.items.map(row),
        ]),
        ...(done.length === 0
          ? []
          : [
              <GroupHeading
                key="heading-done"
                first={groups.length === 0}
                action={
                  <Button variant="ghost" size="sm" onClick={onClearDone}>
                    <CheckCheck className="size-4" aria-hidden="true" />
                    {t('groceries:clearDone')}
                  </Button>
                }
              >
                {t('groceries:done')}
              </GroupHeading>,
              ...done.map(row),
            ]),
      ]}
    </ul>
  );
}

function GroupHeading({ first, action, children }: { first: boolean; action?: ReactNode; children: string }) {
  return (
    <li className={cn('flex min-h-9 items-center justify-between gap-2', !first && 'mt-3')}>
      <h3 className="text-sm font-bold tracking-wide text-muted uppercase">{children}</h3>
      {action}
    </li>
  );
}

function ItemRow({
  item,
  waiting,
  onToggle,
  onEdit,
  onRemove,
}: {
  item: GroceryItem;
  waiting: boolean;
  onToggle: (item: GroceryItem, completed: boolean) => void;
  onEdit: (item: GroceryItem) => void;
  onRemove: (item: GroceryItem) => void;
}) {
  const waitingId = useId();
  // The box answers the tap in the same frame; the list's copy of the item (ticked a moment later, or
  // rolled back, or changed by a housemate) arrives as a new object and takes over.
  const [tapped, setTapped] = useState<{ item: GroceryItem; completed: boolean } | null>(null);
  const checked = tapped?.item === item ? tapped.completed : item.completed;
  return (
    <li
      className={cn(
        'flex items-center gap-1 rounded-xl border pr-1 transition-colors',
        checked ? 'border-line bg-tan-light' : 'border-line bg-surface hover:border-tan',
      )}
    >
      <label className="flex min-h-12 min-w-0 flex-1 cursor-pointer items-center gap-3 px-3 py-2">
        <input
          type="checkbox"
          data-focus-key={`item-${item.grocery_item_id}`}
          aria-label={spokenItem(item.grocery_item_name, item.quantity)}
          aria-describedby={waiting ? waitingId : undefined}
          className="size-5 shrink-0 cursor-pointer accent-primary"
          checked={checked}
          onChange={() => {
            setTapped({ item, completed: !checked });
            onToggle(item, !checked);
          }}
        />
        <span className="flex min-w-0 flex-col items-start gap-1">
          <span
            className={cn(
              'max-w-full break-words',
              checked ? 'text-muted line-through decoration-2' : 'text-espresso',
            )}
          >
            {item.grocery_item_name}
          </span>
          {waiting && <WaitingChip id={waitingId} />}
        </span>
        {item.quantity && (
          <span className="ml-auto shrink-0 rounded-full bg-tan-light px-2 py-0.5 text-sm font-semibold text-primary">
            {item.quantity}
          </span>
        )}
      </label>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0 px-2"
        aria-label={t('groceries:edit', { grocery_item_name: item.grocery_item_name })}
        onClick={() => onEdit(item)}
      >
        <Pencil className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0"
        aria-label={t('groceries:remove', { grocery_item_name: item.grocery_item_name })}
        onClick={() => onRemove(item)}
      >
        <X className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('groceries:removeButton')}</span>
      </Button>
    </li>
  );
}

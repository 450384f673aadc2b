import type { GroceryCategory } from '@hearth/contract';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { CATEGORY_NAMES, moveBy, moveTo } from '../lib/categories';

export interface ShopOrderProps {
  order: readonly GroceryCategory[];
  onChange: (order: GroceryCategory[]) => void;
}

interface Drag {
  from: number;
  over: number;
  pointerId: number;
}

/**
 * The house's shop order of categories: drag a row by its handle (mouse or touch), or move it with the
 * up/down buttons or the arrow keys on the handle. Every move is saved for the whole house.
 */
export function ShopOrder({ order, onChange }: ShopOrderProps) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const rows = useRef<HTMLOListElement>(null);
  const shown = drag ? moveTo(order, drag.from, drag.over) : order;

  const move = (category: GroceryCategory, step: -1 | 1) => {
    const next = moveBy(order, category, step);
    if (next.join() !== order.join()) onChange(next);
  };

  /** The row the pointer is over, by the rows' middles. */
  const rowAt = (y: number) => {
    const items = [...(rows.current?.children ?? [])];
    const index = items.findIndex((row) => {
      const box = row.getBoundingClientRect();
      return y < box.top + box.height / 2;
    });
    return index === -1 ? items.length - 1 : index;
  };

  const start = (event: PointerEvent<HTMLButtonElement>, index: number) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ from: index, over: index, pointerId: event.pointerId });
  };
  const follow = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const over = rowAt(event.clientY);
    if (over !== drag.over) setDrag({ ...drag, over });
  };
  const drop = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    setDrag(null);
    if (drag.over !== drag.from) onChange(moveTo(order, drag.from, drag.over));
  };

  const onHandleKey = (event: KeyboardEvent, category: GroceryCategory) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    move(category, event.key === 'ArrowUp' ? -1 : 1);
    // Keep the handle focused as the row moves.
    const target = event.currentTarget as HTMLElement;
    requestAnimationFrame(() => target.focus());
  };

  return (
    <ol ref={rows} aria-label={t('groceries:shopOrder')} className="flex flex-col gap-1.5">
      {shown.map((category, index) => {
        const name = CATEGORY_NAMES[category];
        const dragged = drag !== null && order[drag.from] === category;
        return (
          <li
            key={category}
            className={cn(
              'flex items-center gap-1 rounded-xl border bg-surface pr-1',
              dragged ? 'border-primary shadow-lift' : 'border-line',
            )}
          >
            <button
              type="button"
              className="flex min-h-11 min-w-0 flex-1 cursor-grab touch-none items-center gap-2 rounded-xl px-2 text-left text-espresso active:cursor-grabbing"
              aria-label={t('groceries:placeOfDragOrUse', { name, value: index + 1, count: order.length })}
              onPointerDown={(event) => start(event, index)}
              onPointerMove={follow}
              onPointerUp={drop}
              onPointerCancel={() => setDrag(null)}
              onKeyDown={(event) => onHandleKey(event, category)}
            >
              <GripVertical className="size-4 shrink-0 text-muted" aria-hidden="true" />
              <span className="min-w-0 truncate font-medium">{name}</span>
            </button>
            <button
              type="button"
              className="grid size-11 shrink-0 place-items-center rounded-xl text-espresso hover:bg-tan-light disabled:opacity-40"
              aria-label={t('groceries:moveUp', { name })}
              disabled={index === 0}
              onClick={() => move(category, -1)}
            >
              <ArrowUp className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className="grid size-11 shrink-0 place-items-center rounded-xl text-espresso hover:bg-tan-light disabled:opacity-40"
              aria-label={t('groceries:moveDown', { name })}
              disabled={index === order.length - 1}
              onClick={() => move(category, 1)}
            >
              <ArrowDown className="size-4" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ol>
  );
}

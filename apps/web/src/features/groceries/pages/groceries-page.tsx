import type {
  GroceryCategory,
  GroceryItem,
  GroceryItemPatch,
  GroceryList,
  GrocerySuggestion,
} from '@hearth/contract';
import { ShoppingBasket, X } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { ensureQueries, type LoaderContext } from '../../../app/feature';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { NoHouseState } from '../../../components/no-house-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { currentId } from '../../../lib/offline/temporary-ids';
import { useWriteQueue, waitingIds } from '../../../lib/offline/use-write-queue';
import { useDeferredReady } from '../../../lib/use-deferred-ready';
import { useLogError } from '../../../lib/use-log-error';
import { useMe } from '../../users';
import {
  useAddGroceryItem,
  useRemoveGroceryItem,
  useToggleGroceryItem,
  useUpdateGroceryItem,
} from '../api/items';
import { useClearDone, useCreateGroceryList, useDeleteGroceryList, useSetCategoryOrder } from '../api/lists';
import { groceryListsQuery, useCategoryOrder, useGroceryLists } from '../api/queries';
import { DeleteListDialog } from '../components/delete-list-dialog';
import { EditItemDialog } from '../components/edit-item-dialog';
import { ListDetail } from '../components/list-detail';
import { ListPanel } from '../components/list-panel';
import { GroceryMessages as M } from '../grocery-messages';
import { groupItems } from '../lib/categories';
import { ShopMessages } from '../lib/shop-texts';

/**
 * Groceries: the house's lists on the left (320 px on large screens), the selected list on the right,
 * grouped by category in the house's shop order; stacked on a phone. Every change shows at once and rolls
 * back with the amber banner if the server refuses; housemates' changes arrive through the live stream.
 */
export function GroceriesPage() {
  const me = useMe();
  const hasHouse = me.data?.house_id != null;
  const lists = useGroceryLists({ enabled: hasHouse });
  const createList = useCreateGroceryList();
  const deleteList = useDeleteGroceryList();
  const addItem = useAddGroceryItem();
  const toggleItem = useToggleGroceryItem();
  const removeItem = useRemoveGroceryItem();
  const updateItem = useUpdateGroceryItem();
  const clearDone = useClearDone();
  const houseId = me.data?.house_id;
  const categoryOrder = useCategoryOrder(hasHouse ? houseId : null);
  const setCategoryOrder = useSetCategoryOrder(houseId);
  const [editing, setEditing] = useState<GroceryItem | null>(null);

  const [chosenId, setChosenId] = useState<number | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<GroceryList | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ key: string; at: number } | null>(null);
  const page = useRef<HTMLDivElement>(null);
  // What was changed offline and still waits to be sent is marked on its row, in words.
  const { writes } = useWriteQueue();
  const waiting = useMemo(
    () => ({
      lists: waitingIds(writes, '/api/grocery-list/'),
      items: waitingIds(writes, '/api/grocery-item/'),
    }),
    [writes],
  );

  const all = lists.data ?? [];
  // The chosen list, else the first one: after load, and after the chosen list is deleted.
  const selected =
    (chosenId === null ? undefined : all.find((l) => l.grocery_list_id === currentId(chosenId))) ??
    all[0] ??
    null;

  // Moves focus to the element a request names once it has rendered: optimistic changes land a moment
  // after the click, so the request waits for the lists to change, briefly.
  // biome-ignore lint/correctness/useExhaustiveDependencies: lists.data re-runs it when the lists change
  useEffect(() => {
    if (!focusRequest) return;
    if (Date.now() - focusRequest.at > 2000) return setFocusRequest(null);
    const target = page.current?.querySelector<HTMLElement>(`[data-focus-key="${focusRequest.key}"]`);
    if (!target) return;
    target.focus();
    setFocusRequest(null);
  }, [focusRequest, lists.data]);
  const focus = (key: string) => setFocusRequest({ key, at: Date.now() });

  useLogError(lists.error);
  const drawn = useDeferredReady(!lists.isPending);

  const failed = (message: string) => () => setBanner(message);

  // A failed add says so and puts what was typed back into its field.
  const onCreate = (name: string, restore: (name: string) => void) => {
    const tempId = createList.create(name, {
      onError: () => {
        setBanner(M.createList);
        restore(name);
      },
    });
    setChosenId(tempId);
    focus('add-item');
  };

  const onDeleteConfirmed = (list: GroceryList) => {
    setDeleting(null);
    deleteList.mutate(list.grocery_list_id, { onError: failed(M.deleteList) });
    // The first remaining list becomes the selected one: focus it, or the new-list field when none is left.
    const first = all.find((l) => l.grocery_list_id !== list.grocery_list_id);
    focusAfterDelete.current = first ? `list-${first.grocery_list_id}` : 'new-list';
  };
  const focusAfterDelete = useRef('new-list');

  const onAdd = (listId: number, name: string, restore: (name: string) => void) =>
    addItem.add(listId, name, {
      onError: () => {
        setBanner(M.addItem);
        restore(name);
      },
    });

  const onAddSuggestion = (listId: number, s: GrocerySuggestion) =>
    addItem.add(
      listId,
      s.name,
      { onError: failed(M.addItem) },
      { details: { quantity: s.quantity }, category: s.category },
    );

  const onEditSaved = (item: GroceryItem, patch: GroceryItemPatch) => {
    setEditing(null);
    if (Object.keys(patch).length === 0) return;
    updateItem.mutate({ itemId: item.grocery_item_id, patch }, { onError: failed(M.updateItem) });
  };

  const onClearDone = (list: GroceryList) => {
    clearDone.mutate(list.grocery_list_id, { onError: failed(ShopMessages.clearDone) });
    focus('add-item');
  };

  const onOrderChange = (order: GroceryCategory[]) =>
    setCategoryOrder.mutate(order, { onError: failed(ShopMessages.saveOrder) });

  const onToggle = (item: GroceryItem, completed: boolean) =>
    toggleItem.mutate({ itemId: item.grocery_item_id, completed }, { onError: failed(M.updateItem) });

  const onRemove = (item: GroceryItem) => {
    // Focus the item shown in its place, else the one shown before it, else the add field.
    const { groups, done } = groupItems(selected?.items ?? [], categoryOrder.data?.order);
    const shown = [...groups.flatMap((g) => g.items), ...done];
    const index = shown.findIndex((i) => i.grocery_item_id === item.grocery_item_id);
    const next = shown[index + 1] ?? shown[index - 1];
    removeItem.mutate(item.grocery_item_id, { onError: failed(M.removeItem) });
    focus(next ? `item-${next.grocery_item_id}` : 'add-item');
  };

  const houseRequired =
    (me.data !== undefined && !hasHouse) ||
    (isApiError(lists.error) && lists.error.code === 'house_required');

  let content: ReactNode;
  if (me.isPending || (hasHouse && (lists.isPending || !drawn))) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner label={t('groceries:loadingYourGroceryLists')} />
      </div>
    );
  } else if (houseRequired) {
    content = <NoHouseState icon={ShoppingBasket} title={t('groceries:joinHouseToShareLists')} />;
  } else if (lists.isError) {
    content = (
      <Banner
        variant="warning"
        action={
          <Button variant="secondary" size="sm" onClick={() => void lists.refetch()}>
            {t('groceries:tryAgain')}
          </Button>
        }
      >
        {M.load}
      </Banner>
    );
  } else {
    content = (
      <div className="grid items-start gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
        <Card className="p-4 sm:p-5">
          <ListPanel
            lists={all}
            selectedId={selected?.grocery_list_id ?? null}
            onSelect={setChosenId}
            onDelete={setDeleting}
            onCreate={onCreate}
            waiting={waiting.lists}
          />
        </Card>
        <Card className="min-w-0 p-4 sm:p-6">
          <ListDetail
            list={selected}
            order={categoryOrder.data?.order}
            onAdd={onAdd}
            onAddSuggestion={onAddSuggestion}
            onToggle={onToggle}
            onRemove={onRemove}
            onEdit={setEditing}
            onClearDone={onClearDone}
            onOrderChange={onOrderChange}
            onDeleteList={setDeleting}
            waiting={waiting.items}
          />
        </Card>
      </div>
    );
  }

  return (
    <div ref={page}>
      <PageHeader title={t('groceries:groceries')} description={t('groceries:listsSharedHint')} />
      <div className="flex flex-col gap-4">
        {banner && (
          <Banner
            variant="warning"
            action={
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('groceries:dismiss')}
                onClick={() => setBanner(null)}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            }
          >
            {banner}
          </Banner>
        )}
        {content}
      </div>
      <EditItemDialog item={editing} onClose={() => setEditing(null)} onSave={onEditSaved} />
      <DeleteListDialog
        list={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={onDeleteConfirmed}
        focusAfterDelete={() => focus(focusAfterDelete.current)}
      />
    </div>
  );
}

export { GroceriesPage as Component };

/** The house's lists with their items, in the cache before the page renders. */
export const clientLoader = (context: LoaderContext) =>
  ensureQueries(context, (api) => [groceryListsQuery(api)], { house: true });

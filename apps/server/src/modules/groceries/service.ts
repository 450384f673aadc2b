import type {
  GroceryCategory,
  GroceryCategoryOrder,
  GroceryCategoryOrderInput,
  GroceryItem,
  GroceryItemInput,
  GroceryItemPatch,
  GroceryList,
  GroceryListInput,
  GrocerySuggestion,
  LiveChange,
} from '@hearth/contract';
import {
  GROCERY_ITEM_NAME_MAX,
  GROCERY_LIST_NAME_MAX,
  GROCERY_QUANTITY_MAX,
  GROCERY_SUGGESTION_LIMIT_DEFAULT,
} from '@hearth/contract';
import type { HouseEvents } from '../../core/house-events.js';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import type { UserRow } from '../../db/tables.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { houseRequired, notFound, validationError } from '../../lib/errors.js';
import { optionalText, requiredText } from '../../lib/text.js';
import { orderText, requestedOrder, storedOrder } from './category-order.js';
import { dictionaryCategory, dictionaryMatches } from './dictionary.js';
import { nameKey, searchTerm, searchText } from './item-names.js';
import { splitQuantity } from './quantity.js';
import type {
  GroceriesRepository,
  ItemChanges,
  NameToRemember,
  RememberedName,
  StoredItem,
} from './repository.js';

/** A line to put on a list: a name, and the quantity a new item gets. */
export interface LineToAdd {
  name: string;
  quantity: string | null;
}

/** What addLinesIn did with each line: a new item, or an open item it merged into (and its old quantity). */
export interface LinesAdded<L extends LineToAdd = LineToAdd> {
  added: Array<{ line: L; item: GroceryItem }>;
  merged: Array<{ line: L; item: GroceryItem; before: string | null }>;
}

const groceriesNeedHouse = () => houseRequired('You need to join a house before using grocery lists.');
const listNotFound = () => notFound('Grocery list');
const itemNotFound = () => notFound('Grocery item');

const remembered = (name: string): NameToRemember => ({
  key: nameKey(name),
  name,
  search: searchText(name),
});

/** Where an item of this name goes when nobody says: the dictionary's idea, else "other". */
const dictionaryOrOther = (key: string): GroceryCategory => dictionaryCategory(key) ?? 'other';

const toSuggestion = (row: RememberedName): GrocerySuggestion => ({
  name: row.grocery_item_name,
  category: row.category ?? dictionaryOrOther(row.name_key),
  quantity: row.quantity,
  times_bought: row.times_bought,
});

/**
 * Grocery lists belong to a house: every member reads and changes them, anyone else gets 404 for every id.
 * Users without a house get 403 house_required, for reads too (the page then offers house setup).
 * Every change is published on the house's live stream after it is committed.
 *
 * The house also remembers the names it writes: the category it chose for each, and every tick as a
 * purchase, which rank its suggestions and its "buy again" list. Removing items keeps that history.
 */
export class GroceriesService {
  constructor(
    private readonly groceries: GroceriesRepository,
    private readonly membership: Membership,
    private readonly live: LivePublisher,
    private readonly houseEvents: HouseEvents,
  ) {}

  private member(identity: Identity) {
    return this.membership.house(identity, groceriesNeedHouse);
  }

  private publish(houseId: number, user: UserRow, change: Omit<LiveChange, 'kind' | 'actor_id'>) {
    return this.live.publish(houseId, { kind: 'groceries', ...change, actor_id: user.user_id });
  }

  private publishItem(houseId: number, user: UserRow, item: GroceryItem, action: LiveChange['action']) {
    return this.publish(houseId, user, {
      entity: 'grocery_item',
      action,
      id: item.grocery_item_id,
      parent_id: item.grocery_list_id,
    });
  }

  async lists(identity: Identity): Promise<GroceryList[]> {
    const { houseId } = await this.member(identity);
    return this.groceries.listsWithItems(houseId);
  }

  async createList(identity: Identity, input: GroceryListInput): Promise<GroceryList> {
    const { user, houseId } = await this.member(identity);
    const name = requiredText(input.grocery_list_name, 'grocery_list_name', GROCERY_LIST_NAME_MAX);
    const list = await this.groceries.transaction(async (repo) => {
      const added = await repo.insertList(houseId, name, user.user_id);
      await this.houseEvents.emit(houseId, user, 'grocery_list.created', added, repo.db);
      return added;
    });
    await this.publish(houseId, user, {
      entity: 'grocery_list',
      action: 'created',
      id: list.grocery_list_id,
    });
    return list;
  }

  async deleteList(identity: Identity, listId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    await this.groceries.transaction(async (repo) => {
      if (!(await repo.deleteListInHouse(listId, houseId))) throw listNotFound();
      await this.houseEvents.emit(
        houseId,
        user,
        'grocery_list.deleted',
        { grocery_list_id: listId },
        repo.db,
      );
    });
    await this.publish(houseId, user, { entity: 'grocery_list', action: 'deleted', id: listId });
  }

  /** Removes the list's ticked items (their purchases stay in the house's history); returns how many. */
  async clearDone(identity: Identity, listId: number): Promise<number> {
    const { user, houseId } = await this.member(identity);
    const removed = await this.groceries.transaction(async (repo) => {
      if (!(await repo.listExistsInHouse(listId, houseId))) throw listNotFound();
      return repo.deleteDoneItems(listId);
    });
    if (removed > 0) {
      await this.publish(houseId, user, { entity: 'grocery_list', action: 'updated', id: listId });
    }
    return removed;
  }

  async addItem(identity: Identity, input: GroceryItemInput): Promise<GroceryItem> {
    const { user, houseId } = await this.member(identity);
    const typed = requiredText(input.grocery_item_name, 'grocery_item_name', GROCERY_ITEM_NAME_MAX);
    // A quantity sent on its own is taken as it is; otherwise one written into the name is split out.
    const { name, quantity } =
      input.quantity === undefined
        ? splitQuantity(typed)
        : { name: typed, quantity: optionalText(input.quantity, 'quantity', GROCERY_QUANTITY_MAX) };
    const memory = remembered(name);
    let item: GroceryItem;
    try {
      item = await this.groceries.transaction(async (repo) => {
        if (!(await repo.listExistsInHouse(input.grocery_list_id, houseId))) throw listNotFound();
        const category =
          input.category ?? (await repo.chosenCategory(houseId, memory.key)) ?? dictionaryOrOther(memory.key);
        const added = await repo.insertItem(
          input.grocery_list_id,
          { name, key: memory.key, quantity, category },
          user.user_id,
        );
        await repo.rememberAdded(houseId, memory, quantity);
        if (input.category !== undefined) await repo.teachCategory(houseId, memory, input.category);
        await this.houseEvents.emit(houseId, user, 'grocery_item.created', added, repo.db);
        return added;
      });
    } catch (err) {
      // The list was deleted between the check and the insert.
      if (isForeignKeyViolation(err)) throw listNotFound();
      throw err;
    }
    await this.publishItem(houseId, user, item, 'created');
    return item;
  }

  /**
   * Changes any of name, quantity, category and tick. A new category is what the house calls that name from
   * now on; ticking counts a purchase and unticking takes it back.
   */
  async updateItem(identity: Identity, itemId: number, patch: GroceryItemPatch): Promise<GroceryItem> {
    const { user, houseId } = await this.member(identity);
    const changes: ItemChanges = {};
    if (patch.grocery_item_name !== undefined) {
      const name = requiredText(patch.grocery_item_name, 'grocery_item_name', GROCERY_ITEM_NAME_MAX);
      changes.grocery_item_name = name;
      changes.name_key = nameKey(name);
    }
    if (patch.quantity !== undefined) {
      changes.quantity = optionalText(patch.quantity, 'quantity', GROCERY_QUANTITY_MAX);
    }
    if (patch.category !== undefined) changes.category = patch.category;
    if (Object.keys(changes).length === 0 && patch.completed === undefined) {
      throw validationError(
        'completed',
        'Send completed, grocery_item_name, quantity or category: there is nothing to change.',
      );
    }

    const answer = await this.groceries.transaction(async (repo) => {
      const before = await repo.itemInHouse(itemId, houseId);
      if (!before) return null;
      if (Object.keys(changes).length > 0) await repo.updateItem(itemId, changes);
      const key = changes.name_key ?? before.name_key;
      if (patch.category !== undefined) {
        await repo.teachCategory(
          houseId,
          remembered(changes.grocery_item_name ?? before.grocery_item_name),
          patch.category,
        );
      }
      if (patch.completed !== undefined && (await repo.changeCompleted(itemId, patch.completed))) {
        if (patch.completed) {
          await repo.rememberAdded(
            houseId,
            remembered(changes.grocery_item_name ?? before.grocery_item_name),
            changes.quantity !== undefined ? changes.quantity : before.quantity,
          );
          await repo.insertPurchase(houseId, {
            grocery_item_id: itemId,
            name_key: key,
            quantity: changes.quantity !== undefined ? changes.quantity : before.quantity,
          });
          await repo.refreshPurchases(houseId, key);
        } else {
          for (const boughtKey of await repo.deletePurchasesOf(houseId, itemId)) {
            await repo.refreshPurchases(houseId, boughtKey);
          }
        }
      }
      const after = await repo.itemInHouse(itemId, houseId);
      if (!after) return null;
      const { name_key: _key, ...changed } = after;
      await this.houseEvents.emit(houseId, user, 'grocery_item.updated', changed, repo.db);
      return changed;
    });
    if (!answer) throw itemNotFound();
    await this.publishItem(houseId, user, answer, 'updated');
    return answer;
  }

  async removeItem(identity: Identity, itemId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    const item = await this.groceries.transaction(async (repo) => {
      const removed = await repo.deleteItemInHouse(itemId, houseId);
      if (!removed) throw itemNotFound();
      const deletion = { grocery_item_id: removed.grocery_item_id, grocery_list_id: removed.grocery_list_id };
      await this.houseEvents.emit(houseId, user, 'grocery_item.deleted', deletion, repo.db);
      return removed;
    });
    await this.publishItem(houseId, user, item, 'deleted');
  }

  /**
   * Adds many lines to a list inside the caller's transaction (`repo` is bound to it), in a constant number
   * of statements: a line whose name is already on the list unticked goes into that item (`merge` makes
   * the new quantity from the item's and the line's), the others become items categorised like any
   * (the house's choice for the name, else the dictionary's). Names are remembered as when typed in.
   * Lines must have distinct names (by nameKey). The caller publishes with listChanged() after commit.
   */
  async addLinesIn<L extends LineToAdd>(
    repo: GroceriesRepository,
    houseId: number,
    userId: number,
    listId: number,
    lines: readonly L[],
    merge: (existing: string | null, line: L) => string | null,
  ): Promise<LinesAdded<L>> {
    if (!(await repo.listExistsInHouse(listId, houseId))) throw listNotFound();
    const keyed = lines.map((line) => ({ line, memory: remembered(line.name) }));
    const keys = keyed.map((k) => k.memory.key);
    const open = new Map<string, StoredItem>();
    for (const item of await repo.openItemsWithKeys(listId, keys)) {
      if (!open.has(item.name_key)) open.set(item.name_key, item);
    }
    const toMerge: LinesAdded<L>['merged'] = [];
    const toInsert: Array<{ line: L; memory: NameToRemember }> = [];
    for (const k of keyed) {
      const existing = open.get(k.memory.key);
      if (existing) {
        const { name_key: _key, ...item } = existing;
        toMerge.push({
          line: k.line,
          before: existing.quantity,
          item: { ...item, quantity: merge(existing.quantity, k.line) },
        });
      } else {
        toInsert.push(k);
      }
    }
    const chosen = await repo.chosenCategories(
      houseId,
      toInsert.map((k) => k.memory.key),
    );
    const inserted = await repo.insertItems(
      listId,
      toInsert.map(({ line, memory }) => ({
        name: line.name,
        key: memory.key,
        quantity: line.quantity,
        category: chosen.get(memory.key) ?? dictionaryOrOther(memory.key),
      })),
      userId,
    );
    await repo.setQuantities(
      houseId,
      toMerge.map((m) => ({ id: m.item.grocery_item_id, quantity: m.item.quantity })),
    );
    await repo.rememberAddedMany(
      houseId,
      toInsert.map(({ line, memory }) => ({ name: memory, quantity: line.quantity })),
    );
    return {
      added: toInsert.map(({ line }, i) => ({ line, item: inserted[i] as GroceryItem })),
      merged: toMerge,
    };
  }

  /** Takes lines back inside the caller's transaction: deletes the items given, restores quantities. */
  async takeBackIn(
    repo: GroceriesRepository,
    houseId: number,
    added: readonly number[],
    merged: ReadonlyArray<{ id: number; quantity: string | null }>,
  ): Promise<void> {
    await repo.deleteItemsInHouse(added, houseId);
    await repo.setQuantities(houseId, merged);
  }

  /** Tells the house a list changed (many items at once: clients refetch it). */
  listChanged(houseId: number, user: UserRow, listId: number) {
    return this.publish(houseId, user, { entity: 'grocery_list', action: 'updated', id: listId });
  }

  /** The house's names matching `q` (most often, then most recently bought), then the dictionary's. */
  async suggestions(
    identity: Identity,
    q: string | undefined,
    limit = GROCERY_SUGGESTION_LIMIT_DEFAULT,
  ): Promise<GrocerySuggestion[]> {
    const { houseId } = await this.member(identity);
    const term = searchTerm(q);
    const own = await this.groceries.rememberedNames(houseId, term, limit);
    const answer = own.map(toSuggestion);
    if (answer.length < limit && term !== null) {
      const known = new Set(own.map((r) => r.name_key));
      for (const entry of dictionaryMatches(term, limit - answer.length, known)) {
        answer.push({ name: entry.name, category: entry.category, quantity: null, times_bought: 0 });
      }
    }
    return answer;
  }

  /** What the house buys most often that no list holds unticked now. */
  async buyAgain(identity: Identity, limit = GROCERY_SUGGESTION_LIMIT_DEFAULT): Promise<GrocerySuggestion[]> {
    const { houseId } = await this.member(identity);
    return (await this.groceries.boughtNamesNotListed(houseId, limit)).map(toSuggestion);
  }

  async categoryOrder(identity: Identity, houseId: number): Promise<GroceryCategoryOrder> {
    await this.membership.ofHouse(identity, houseId);
    return { order: storedOrder(await this.groceries.categoryOrderText(houseId)) };
  }

  async setCategoryOrder(
    identity: Identity,
    houseId: number,
    input: GroceryCategoryOrderInput,
  ): Promise<GroceryCategoryOrder> {
    const { user } = await this.membership.ofHouse(identity, houseId);
    const order = requestedOrder(input.order);
    await this.groceries.saveCategoryOrderText(houseId, orderText(order));
    await this.publish(houseId, user, { entity: 'grocery_category_order', action: 'updated', id: houseId });
    return { order };
  }
}

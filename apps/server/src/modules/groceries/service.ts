import type {
  GroceryItem,
  GroceryItemInput,
  GroceryList,
  GroceryListInput,
  LiveChange,
} from '@hearth/contract';
import { GROCERY_ITEM_NAME_MAX, GROCERY_LIST_NAME_MAX } from '@hearth/contract';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import type { UserRow } from '../../db/tables.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { houseRequired, notFound } from '../../lib/errors.js';
import { requiredText } from '../../lib/text.js';
import type { GroceriesRepository } from './repository.js';

const groceriesNeedHouse = () => houseRequired('You need to join a house before using grocery lists.');
const listNotFound = () => notFound('Grocery list');
const itemNotFound = () => notFound('Grocery item');

/**
 * Grocery lists belong to a house: every member reads and changes them, anyone else gets 404 for every id.
 * Users without a house get 403 house_required, for reads too (the page then offers house setup).
 * Every change is published on the house's live stream after it is committed.
 */
export class GroceriesService {
  constructor(
    private readonly groceries: GroceriesRepository,
    private readonly membership: Membership,
    private readonly live: LivePublisher,
  ) {}

  private member(identity: Identity) {
    return this.membership.house(identity, groceriesNeedHouse);
  }

  private publish(houseId: number, user: UserRow, change: Omit<LiveChange, 'kind' | 'actor_id'>) {
    return this.live.publish(houseId, { kind: 'groceries', ...change, actor_id: user.user_id });
  }

  async lists(identity: Identity): Promise<GroceryList[]> {
    const { houseId } = await this.member(identity);
    return this.groceries.listsWithItems(houseId);
  }

  async createList(identity: Identity, input: GroceryListInput): Promise<GroceryList> {
    const { user, houseId } = await this.member(identity);
    const name = requiredText(input.grocery_list_name, 'grocery_list_name', GROCERY_LIST_NAME_MAX);
    const list = await this.groceries.insertList(houseId, name, user.user_id);
    await this.publish(houseId, user, {
      entity: 'grocery_list',
      action: 'created',
      id: list.grocery_list_id,
    });
    return list;
  }

  async deleteList(identity: Identity, listId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    if (!(await this.groceries.deleteListInHouse(listId, houseId))) throw listNotFound();
    await this.publish(houseId, user, { entity: 'grocery_list', action: 'deleted', id: listId });
  }

  async addItem(identity: Identity, input: GroceryItemInput): Promise<GroceryItem> {
    const { user, houseId } = await this.member(identity);
    const name = requiredText(input.grocery_item_name, 'grocery_item_name', GROCERY_ITEM_NAME_MAX);
    if (!(await this.groceries.listExistsInHouse(input.grocery_list_id, houseId))) throw listNotFound();
    let item: GroceryItem;
    try {
      item = await this.groceries.insertItem(input.grocery_list_id, name, user.user_id);
    } catch (err) {
      // The list was deleted between the check and the insert.
      if (isForeignKeyViolation(err)) throw listNotFound();
      throw err;
    }
    await this.publish(houseId, user, {
      entity: 'grocery_item',
      action: 'created',
      id: item.grocery_item_id,
      parent_id: item.grocery_list_id,
    });
    return item;
  }

  async setCompleted(identity: Identity, itemId: number, completed: boolean): Promise<GroceryItem> {
    const { user, houseId } = await this.member(identity);
    const item = await this.groceries.setItemCompletedInHouse(itemId, houseId, completed);
    if (!item) throw itemNotFound();
    await this.publish(houseId, user, {
      entity: 'grocery_item',
      action: 'updated',
      id: item.grocery_item_id,
      parent_id: item.grocery_list_id,
    });
    return item;
  }

  async removeItem(identity: Identity, itemId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    const item = await this.groceries.deleteItemInHouse(itemId, houseId);
    if (!item) throw itemNotFound();
    await this.publish(houseId, user, {
      entity: 'grocery_item',
      action: 'deleted',
      id: item.grocery_item_id,
      parent_id: item.grocery_list_id,
    });
  }
}

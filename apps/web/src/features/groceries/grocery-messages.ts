import { labels } from '../../lib/i18n';

/** The amber banner's text for each failing grocery action (read in the current language when shown). */
export const GroceryMessages = labels({
  load: 'groceries:messages.load',
  createList: 'groceries:messages.createList',
  deleteList: 'groceries:messages.deleteList',
  addItem: 'groceries:messages.addItem',
  updateItem: 'groceries:messages.updateItem',
  removeItem: 'groceries:messages.removeItem',
});

/** The groceries page's empty states. */
export const GroceryEmpty = labels({
  noLists: 'groceries:empty.noLists',
  noItems: 'groceries:empty.noItems',
  noSelection: 'groceries:empty.noSelection',
});

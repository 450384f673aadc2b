import { describe, expect, it } from 'vitest';
import { GroceryEmpty, GroceryMessages } from './grocery-messages';

// The product's grocery sentences, word for word: a change here changes what people read.
describe('grocery texts', () => {
  it('are the amber banner sentences, one per failing action', () => {
    expect(GroceryMessages).toEqual({
      load: "We couldn't load your grocery lists. Please try again.",
      createList: "We couldn't create that list. Please try again.",
      deleteList: "We couldn't remove that list. Please try again.",
      addItem: "We couldn't add that item. Please try again.",
      updateItem: "We couldn't update that item. Please try again.",
      removeItem: "We couldn't remove that item. Please try again.",
    });
  });

  it('are the empty states of the lists panel and the list', () => {
    expect(GroceryEmpty).toEqual({
      noLists: 'No lists yet. Create one to get started.',
      noItems: 'No items in this list yet...',
      noSelection: 'Select a list',
    });
  });
});

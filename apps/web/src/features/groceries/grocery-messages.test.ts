import { describe, expect, it } from 'vitest';
import { GroceryEmpty, GroceryMessages } from './grocery-messages';

// SPEC sections 2 and 8 give these sentences word for word.
describe('grocery texts', () => {
  it("are SPEC's amber banner sentences, one per failing action", () => {
    expect(GroceryMessages).toEqual({
      load: "We couldn't load your grocery lists. Please try again.",
      createList: "We couldn't create that list. Please try again.",
      deleteList: "We couldn't remove that list. Please try again.",
      addItem: "We couldn't add that item. Please try again.",
      updateItem: "We couldn't update that item. Please try again.",
      removeItem: "We couldn't remove that item. Please try again.",
    });
  });

  it("are SPEC's empty states", () => {
    expect(GroceryEmpty).toEqual({
      noLists: 'No lists yet. Create one to get started.',
      noItems: 'No items in this list yet...',
      noSelection: 'Select a list',
    });
  });
});

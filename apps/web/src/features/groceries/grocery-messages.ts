/** The amber banner's text for each failing grocery action, word for word. */
export const GroceryMessages = {
  load: "We couldn't load your grocery lists. Please try again.",
  createList: "We couldn't create that list. Please try again.",
  deleteList: "We couldn't remove that list. Please try again.",
  addItem: "We couldn't add that item. Please try again.",
  updateItem: "We couldn't update that item. Please try again.",
  removeItem: "We couldn't remove that item. Please try again.",
} as const;

/** The groceries page's empty states, word for word. */
export const GroceryEmpty = {
  noLists: 'No lists yet. Create one to get started.',
  noItems: 'No items in this list yet...',
  noSelection: 'Select a list',
} as const;

/** The amber banner's text for the shop-order, edit and clear actions (the others are in grocery-messages). */
export const ShopMessages = {
  clearDone: "We couldn't clear the done items. Please try again.",
  saveOrder: "We couldn't save the shop order. Please try again.",
} as const;

/** An item's name with its quantity, as read out: "potatoes, 2 kg". */
export const spokenItem = (name: string, quantity: string | null) =>
  quantity ? `${name}, ${quantity}` : name;

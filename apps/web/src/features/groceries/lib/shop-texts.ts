import { labels } from '../../../lib/i18n';

/** The amber banner's text for the shop-order, edit and clear actions (the others are in grocery-messages). */
export const ShopMessages = labels({
  clearDone: 'groceries:shopMessages.clearDone',
  saveOrder: 'groceries:shopMessages.saveOrder',
});

/** An item's name with its quantity, as read out: "potatoes, 2 kg". */
export const spokenItem = (name: string, quantity: string | null) =>
  quantity ? `${name}, ${quantity}` : name;

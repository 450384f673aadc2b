import {
  BellRing,
  CalendarDays,
  House,
  ListChecks,
  type LucideIcon,
  ReceiptText,
  ShoppingBasket,
} from 'lucide-react';

export interface NavItem {
  name: string;
  path: string;
  icon: LucideIcon;
}

/** SPEC section 1: the sidebar's entries, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { name: 'Home', path: '/home', icon: House },
  { name: 'Calendar', path: '/calendar', icon: CalendarDays },
  { name: 'Groceries', path: '/groceries', icon: ShoppingBasket },
  { name: 'Reminders', path: '/reminders', icon: BellRing },
  { name: 'Tasks', path: '/tasks', icon: ListChecks },
  { name: 'Bills', path: '/bills', icon: ReceiptText },
];

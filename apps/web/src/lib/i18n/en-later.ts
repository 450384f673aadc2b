// English's namespaces after the first download's (common, auth), one chunk fetched with the first
// signed-in page.
import bills from '@hearth/i18n/locales/en/bills.json';
import events from '@hearth/i18n/locales/en/events.json';
import groceries from '@hearth/i18n/locales/en/groceries.json';
import home from '@hearth/i18n/locales/en/home.json';
import houses from '@hearth/i18n/locales/en/houses.json';
import meals from '@hearth/i18n/locales/en/meals.json';
import notifications from '@hearth/i18n/locales/en/notifications.json';
import reminders from '@hearth/i18n/locales/en/reminders.json';
import tasks from '@hearth/i18n/locales/en/tasks.json';
import users from '@hearth/i18n/locales/en/users.json';
import webhooks from '@hearth/i18n/locales/en/webhooks.json';
import type { LaterNamespace, Messages } from './catalogue';

export const enLater: Record<LaterNamespace, Messages> = {
  users,
  home,
  tasks,
  bills,
  houses,
  events,
  reminders,
  groceries,
  meals,
  notifications,
  webhooks,
};

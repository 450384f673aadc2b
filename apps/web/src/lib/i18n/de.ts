// German for the web app, one chunk fetched when someone reads Hearth in German: every namespace but the
// server's own sign-in pages (idp).
import auth from '@hearth/i18n/locales/de/auth.json';
import bills from '@hearth/i18n/locales/de/bills.json';
import common from '@hearth/i18n/locales/de/common.json';
import events from '@hearth/i18n/locales/de/events.json';
import groceries from '@hearth/i18n/locales/de/groceries.json';
import home from '@hearth/i18n/locales/de/home.json';
import houses from '@hearth/i18n/locales/de/houses.json';
import meals from '@hearth/i18n/locales/de/meals.json';
import notifications from '@hearth/i18n/locales/de/notifications.json';
import reminders from '@hearth/i18n/locales/de/reminders.json';
import tasks from '@hearth/i18n/locales/de/tasks.json';
import users from '@hearth/i18n/locales/de/users.json';
import webhooks from '@hearth/i18n/locales/de/webhooks.json';
import type { Messages, WebNamespace } from './catalogue';

export const de: Record<WebNamespace, Messages> = {
  common,
  auth,
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

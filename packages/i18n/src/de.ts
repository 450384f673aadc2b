// The German catalogue, loaded only when someone reads Hearth in German. Typed against the English one:
// a missing message fails the type-check.
import type { Catalogue, Translation } from './index.js';
import assistant from './locales/de/assistant.json' with { type: 'json' };
import auth from './locales/de/auth.json' with { type: 'json' };
import bills from './locales/de/bills.json' with { type: 'json' };
import common from './locales/de/common.json' with { type: 'json' };
import events from './locales/de/events.json' with { type: 'json' };
import groceries from './locales/de/groceries.json' with { type: 'json' };
import home from './locales/de/home.json' with { type: 'json' };
import houses from './locales/de/houses.json' with { type: 'json' };
import idp from './locales/de/idp.json' with { type: 'json' };
import meals from './locales/de/meals.json' with { type: 'json' };
import notifications from './locales/de/notifications.json' with { type: 'json' };
import reminders from './locales/de/reminders.json' with { type: 'json' };
import tasks from './locales/de/tasks.json' with { type: 'json' };
import users from './locales/de/users.json' with { type: 'json' };
import webhooks from './locales/de/webhooks.json' with { type: 'json' };

export const de: Translation<Catalogue> = {
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
  idp,
  notifications,
  assistant,
  webhooks,
};

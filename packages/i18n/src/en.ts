// The English catalogue: the source of every message.

import assistant from './locales/en/assistant.json' with { type: 'json' };
import auth from './locales/en/auth.json' with { type: 'json' };
import bills from './locales/en/bills.json' with { type: 'json' };
import common from './locales/en/common.json' with { type: 'json' };
import events from './locales/en/events.json' with { type: 'json' };
import groceries from './locales/en/groceries.json' with { type: 'json' };
import home from './locales/en/home.json' with { type: 'json' };
import houses from './locales/en/houses.json' with { type: 'json' };
import idp from './locales/en/idp.json' with { type: 'json' };
import meals from './locales/en/meals.json' with { type: 'json' };
import notifications from './locales/en/notifications.json' with { type: 'json' };
import reminders from './locales/en/reminders.json' with { type: 'json' };
import tasks from './locales/en/tasks.json' with { type: 'json' };
import users from './locales/en/users.json' with { type: 'json' };
import webhooks from './locales/en/webhooks.json' with { type: 'json' };

export const en = {
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

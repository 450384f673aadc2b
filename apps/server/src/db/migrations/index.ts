import type { EngineMigration } from '../migrate.js';
import { foundation } from './2026-11-22-001-foundation.js';
import { events } from './2026-11-22-010-events.js';
import { groceries } from './2026-11-22-020-groceries.js';
import { reminders } from './2026-11-22-030-reminders.js';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const migrations: Record<string, EngineMigration> = {
  '2026-11-22-001-foundation': foundation,
  '2026-11-22-010-events': events,
  '2026-11-22-020-groceries': groceries,
  '2026-11-22-030-reminders': reminders,
};

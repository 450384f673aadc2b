import type { EngineMigration } from '../migrate.js';
import { foundation } from './2026-11-22-001-foundation.js';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const migrations: Record<string, EngineMigration> = {
  '2026-11-22-001-foundation': foundation,
};

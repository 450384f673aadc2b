import type { LiveKind } from '@hearth/contract';
import type { QueryKey } from '@tanstack/react-query';

/**
 * Which cached queries a change of each kind makes stale. Convention: a feature's query keys start with
 * its domain name (['groceries', ...], ['events', ...]); a feature whose keys differ lists them here.
 */
export const LIVE_QUERY_KEYS: Record<LiveKind, readonly QueryKey[] | undefined> = {
  groceries: [['groceries']],
  events: [['events']],
  reminders: [['reminders']],
  // Members joining or leaving, the house's name or picture.
  house: [['houses'], ['users']],
  tasks: [['tasks']],
  bills: [['bills']],
};

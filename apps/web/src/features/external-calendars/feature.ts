import type { FeatureDefinition } from '../../app/feature';

/**
 * Outside calendars: no page of their own (they are managed and shown on /calendar, the events feature's
 * page). A change refetches their list and the calendar's layers.
 */
export const feature: FeatureDefinition = {
  routes: [],
  live: [{ kind: 'external_calendars', keys: [['external-calendars'], ['events']] }],
};

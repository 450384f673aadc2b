import { describe, expect, it } from 'vitest';
import { liveQueryKeys } from '../features/live';
import { navEntries } from './feature';
import * as registry from './features';

const features = Object.values(registry);

describe('the declared features', () => {
  it('give the sidebar its entries in order', () => {
    expect(navEntries(features).map(({ name, path }) => [name, path])).toEqual([
      ['Home', '/home'],
      ['Calendar', '/calendar'],
      ['Groceries', '/groceries'],
      ['Meals', '/meals'],
      ['Reminders', '/reminders'],
      ['Tasks', '/tasks'],
      ['Bills', '/bills'],
      ['Settings', '/settings'],
    ]);
  });

  it('each refetch their own data on a live change; a house change reaches houses and members', () => {
    const keys = liveQueryKeys(features);
    expect(Object.fromEntries([...keys].map(([kind, list]) => [kind, [...list].sort()]))).toEqual({
      bills: [['bills'], ['groceries']],
      events: [['events']],
      external_calendars: [['events'], ['external-calendars']],
      groceries: [['groceries'], ['meals', 'grocery-lists']],
      house: [['houses'], ['users']],
      meals: [['meals']],
      reminders: [['reminders']],
      tasks: [['tasks']],
    });
  });

  it('every sidebar entry leads to one of the routes', () => {
    const paths = features.flatMap((f) => f.routes.map((r) => `/${r.path}`));
    for (const entry of navEntries(features)) expect(paths).toContain(entry.path);
  });
});

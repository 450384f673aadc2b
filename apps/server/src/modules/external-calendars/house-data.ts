import type { HouseDataHook } from '../../core/module.js';
import { validationError } from '../../lib/errors.js';
import { parseOutboundUrl } from '../../lib/outbound/index.js';

/**
 * The house-wide outside calendars in the house export: name, address, colour and who added them. The
 * feed itself is not exported (it is fetched again after an import); personal ones never leave.
 */
export const externalCalendarsHouseData: HouseDataHook<'external_calendars'> = {
  section: 'external_calendars',

  async hasData(houseId, trx) {
    const row = await trx
      .selectFrom('external_calendars')
      .select('external_calendar_id')
      .where('house_id', '=', houseId)
      .where('shared', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async export(houseId, trx, people) {
    const rows = await trx
      .selectFrom('external_calendars')
      .select(['name', 'url', 'color', 'user_id', 'created_at'])
      .where('house_id', '=', houseId)
      .where('shared', '=', 1)
      .where('user_id', 'is not', null)
      .orderBy('external_calendar_id')
      .execute();
    return rows.map((r) => ({
      name: r.name,
      url: r.url,
      color: r.color,
      created_by: people.ref(r.user_id as number),
      created_at: r.created_at,
    }));
  },

  async import(houseId, calendars, people, trx) {
    const now = new Date().toISOString();
    const values = calendars.map((c, i) => {
      // The form of the address; where it leads is checked again by the guard at every fetch.
      try {
        parseOutboundUrl(c.url, `data.external_calendars[${i}].url`, { allowLoopback: true });
      } catch (err) {
        throw validationError(`data.external_calendars[${i}].url`, (err as Error).message);
      }
      return {
        house_id: houseId,
        user_id: people.userId(c.created_by),
        name: c.name,
        url: c.url,
        color: c.color.toLowerCase(),
        shared: 1,
        feed: null,
        feed_hash: null,
        etag: null,
        last_modified: null,
        last_fetched_at: null,
        last_error: null,
        // Fetched by the next run of the scheduler.
        next_fetch_at: now,
        created_at: c.created_at,
        updated_at: now,
      };
    });
    if (values.length > 0) await trx.insertInto('external_calendars').values(values).execute();
    return values.length;
  },
};

import { type Static, Type } from 'typebox';
import { IdParam } from './common.js';

/** A calendar's name as shown beside its layer. */
export const EXTERNAL_CALENDAR_NAME_MAX = 80;
/** The feed's address (`https://` or `webcal://`, read as https). */
export const EXTERNAL_CALENDAR_URL_MAX = 2000;
/** How many outside calendars one house may have, house-wide and personal together. */
export const EXTERNAL_CALENDARS_MAX = 20;
/** How often each calendar is fetched again, in minutes. */
export const EXTERNAL_CALENDAR_REFRESH_MINUTES = 30;
/** A colour as `#rrggbb`. */
export const EXTERNAL_CALENDAR_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';

/** An outside calendar (an .ics feed) shown as a layer of the house calendar. */
export const ExternalCalendar = Type.Object({
  external_calendar_id: Type.Integer(),
  name: Type.String(),
  /** As given (a webcal:// address stays webcal://; it is fetched over https). */
  url: Type.String(),
  color: Type.String(),
  /** true: the whole house sees and edits it; false: only the person who added it. */
  shared: Type.Boolean(),
  /** When the feed was last read successfully (UTC ISO-8601), null before the first success. */
  last_fetched_at: Type.Union([Type.String(), Type.Null()]),
  /** Why the last fetch failed, for people; null when it worked. */
  last_error: Type.Union([Type.String(), Type.Null()]),
});
export type ExternalCalendar = Static<typeof ExternalCalendar>;

/** POST /api/external-calendar/ and PUT /api/external-calendar/{id}. */
export const ExternalCalendarInput = Type.Object({
  name: Type.String({ maxLength: EXTERNAL_CALENDAR_NAME_MAX }),
  url: Type.String({ maxLength: EXTERNAL_CALENDAR_URL_MAX }),
  color: Type.String({ maxLength: 7 }),
  shared: Type.Boolean(),
});
export type ExternalCalendarInput = Static<typeof ExternalCalendarInput>;

/** GET /api/external-calendar/: the house-wide ones and the caller's own, by name. */
export const ExternalCalendarList = Type.Array(ExternalCalendar);
export type ExternalCalendarList = Static<typeof ExternalCalendarList>;

export const ExternalCalendarIdParams = Type.Object({ external_calendar_id: IdParam });
export type ExternalCalendarIdParams = Static<typeof ExternalCalendarIdParams>;

/**
 * One occurrence of an outside calendar's event in GET /api/event/layers. Timed: `start`/`end` are UTC
 * ISO-8601 instants. All-day: `start`/`end` are dates (`YYYY-MM-DD`), the end exclusive, as in iCalendar.
 */
export const TimelineExternal = Type.Object({
  external_calendar_id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  title: Type.String(),
  start: Type.String(),
  end: Type.String(),
  all_day: Type.Boolean(),
});
export type TimelineExternal = Static<typeof TimelineExternal>;

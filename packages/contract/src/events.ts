import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { IdParam, TimeZoneName } from './common.js';
import { TimelineExternal } from './external-calendars.js';

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_LOCATION_MAX = 500;
/** Longest RRULE value accepted. */
export const EVENT_RRULE_MAX = 500;
/** Most occurrences one GET /api/event/?from=&to= answers; a wider range is a 400. */
export const EVENT_OCCURRENCES_MAX = 2000;

/** The server answers bad event input with the same sentences the event dialog shows. */
export const EventMessages = {
  titleRequired: 'Event title is required.',
  invalidTimes: 'Please provide valid start and end times.',
  endBeforeStart: 'End time must be after the start time.',
  houseRequired: 'You need to join a house before creating events.',
} as const;

/*
 * The helpers below are marked free of side effects, as TypeBox's own calls are (see the web's Vite
 * config): the web uses only this module's types and constants, and its bundle then leaves the schemas,
 * and TypeBox with them, out. An object spread in a schema's argument would keep them in.
 */
/* @__NO_SIDE_EFFECTS__ */
function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/* @__NO_SIDE_EFFECTS__ */
function fields<A extends TProperties, B extends TProperties>(a: A, b: B): A & B {
  return { ...a, ...b };
}

/**
 * An event as the API answers it. Timed events: start/end are UTC ISO instants and the dates are null.
 * All-day events: start_date and end_date are the calendar days the user picked (end_date inclusive:
 * a one-day event has start_date === end_date); start_datetime/end_datetime are 00:00 of the first day
 * and 23:59 of the last day in the zone the event was saved from (time_zone).
 */
const EventProperties = {
  event_id: Type.Integer(),
  house_id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  location: Nullable(Type.String()),
  start_datetime: Type.String(),
  end_datetime: Type.String(),
  all_day: Type.Boolean(),
  /** YYYY-MM-DD, all-day events only. */
  start_date: Nullable(Type.String()),
  /** YYYY-MM-DD, inclusive, all-day events only. */
  end_date: Nullable(Type.String()),
  /** The IANA zone the all-day dates were read in (UTC when the client sent none). */
  time_zone: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** The creator. */
  user_id: Type.Integer(),
  username: Type.String(),
  /** RFC 5545 RRULE value (e.g. FREQ=WEEKLY;BYDAY=TU), counted in time_zone; null for a one-off event. */
  rrule: Nullable(Type.String()),
  /** Original starts (UTC ISO) of occurrences removed from the series. */
  exdates: Type.Array(Type.String()),
};
export const Event = Type.Object(EventProperties);
export type Event = Static<typeof Event>;

/**
 * One occurrence in a range: its event's fields with the occurrence's own start and end (and dates for
 * all-day events). `occurrence_start` is the original start, which names the occurrence in edits;
 * `overridden` says it was edited on its own.
 */
export const EventOccurrence = Type.Object(
  fields(EventProperties, { occurrence_start: Type.String(), overridden: Type.Boolean() }),
);
export type EventOccurrence = Static<typeof EventOccurrence>;

/** GET /api/event/?from=&to=: ISO instants, from before to. */
export const EventRangeQuery = Type.Object({
  from: Type.String({ maxLength: 64 }),
  to: Type.String({ maxLength: 64 }),
});
export type EventRangeQuery = Static<typeof EventRangeQuery>;

/** Which part of a repeating series an edit or delete applies to. */
export const EventScope = Type.Union([Type.Literal('this'), Type.Literal('following'), Type.Literal('all')]);
export type EventScope = Static<typeof EventScope>;

const EventFields = {
  /** Checked (trimmed, non-empty) by the server so it can answer with the dialog's sentence. */
  title: Type.String({ maxLength: EVENT_TITLE_MAX }),
  description: Type.Optional(Nullable(Type.String({ maxLength: EVENT_DESCRIPTION_MAX }))),
  location: Type.Optional(Nullable(Type.String({ maxLength: EVENT_LOCATION_MAX }))),
  /** ISO-8601 instants with an offset or Z; null or anything else gives the 'valid times' message. */
  start_datetime: Nullable(Type.String({ maxLength: 64 })),
  end_datetime: Nullable(Type.String({ maxLength: 64 })),
  all_day: Type.Optional(Type.Boolean()),
  /** The browser's IANA zone: an all-day event keeps the dates the user saw there. UTC when absent. */
  time_zone: Type.Optional(Nullable(TimeZoneName)),
  /** RFC 5545 RRULE value, with or without "RRULE:"; null or empty for a one-off event. */
  rrule: Type.Optional(Nullable(Type.String({ maxLength: EVENT_RRULE_MAX }))),
};

/** For a repeating event: the part changed, and the occurrence it starts at (its original start). */
const ScopeFields = {
  scope: Type.Optional(EventScope),
  occurrence_start: Type.Optional(Type.String({ maxLength: 64 })),
};

/** POST /api/event/ */
export const EventInput = Type.Object(fields(EventFields, { house_id: IdParam }));
export type EventInput = Static<typeof EventInput>;

/** PATCH /api/event/{id}: any subset of the fields; the merged event is checked as a whole. */
export const EventPatch = Type.Partial(Type.Object(fields(EventFields, ScopeFields)));
export type EventPatch = Static<typeof EventPatch>;

export const EventIdParams = Type.Object({ id: IdParam });
export type EventIdParams = Static<typeof EventIdParams>;

/** DELETE /api/event/{id}?scope=&occurrence_start=: all of a series unless told otherwise. */
export const EventDeleteQuery = Type.Object(ScopeFields);
export type EventDeleteQuery = Static<typeof EventDeleteQuery>;

export const EventFeedParams = Type.Object({ houseId: IdParam });
export type EventFeedParams = Static<typeof EventFeedParams>;

/** How the feed may be authorised besides the bearer header. */
export const EventFeedQuery = Type.Object({
  /** The access token (the feed link carries it as a query parameter). */
  access_token: Type.Optional(Type.String({ maxLength: 8192 })),
  /** A member's calendar subscription secret (see CalendarSubscription). */
  token: Type.Optional(Type.String({ maxLength: 256 })),
});
export type EventFeedQuery = Static<typeof EventFeedQuery>;

/**
 * A member's private, revocable link for calendar apps. The server keeps only a hash of the secret, so
 * the links (https_url, webcal_url) are present only in the answer that created them; later answers
 * carry null and the hint (the secret's last characters) to recognise it.
 */
export const CalendarSubscription = Type.Object({
  subscription_id: Type.Integer(),
  house_id: Type.Integer(),
  created_at: Type.String(),
  hint: Type.String(),
  https_url: Nullable(Type.String()),
  webcal_url: Nullable(Type.String()),
});
export type CalendarSubscription = Static<typeof CalendarSubscription>;

/** POST /api/feed/me/link: the member's new personal feed link (the previous one stops working). */
export const PersonalFeedLink = Type.Object({ url: Type.String() });
export type PersonalFeedLink = Static<typeof PersonalFeedLink>;

export const PersonalFeedQuery = Type.Object({ token: Type.String({ maxLength: 256 }) });
export type PersonalFeedQuery = Static<typeof PersonalFeedQuery>;

/** A task's current occurrence on the timeline, with whose turn it is. */
export const TimelineTask = Type.Object({
  task_id: Type.Integer(),
  title: Type.String(),
  due_at: Type.String(),
  assignee_id: Type.Integer(),
  assignee_name: Type.String(),
});
export type TimelineTask = Static<typeof TimelineTask>;

/** A recurring bill falling due on a date. */
export const TimelineBill = Type.Object({
  recurring_id: Type.Integer(),
  title: Type.String(),
  due_on: Type.String(),
  amount_minor: Type.Integer(),
  currency: Type.String(),
});
export type TimelineBill = Static<typeof TimelineBill>;

/** A member's time away, both dates included. */
export const TimelineAway = Type.Object({
  away_id: Type.Integer(),
  user_id: Type.Integer(),
  username: Type.String(),
  /** The member's name as housemates read it (first and last name; the username while they have none). */
  name: Type.String(),
  starts_on: Type.String(),
  ends_on: Type.String(),
});
export type TimelineAway = Static<typeof TimelineAway>;

/** One occurrence of the caller's own reminder (never anyone else's). */
export const TimelineReminder = Type.Object({
  reminder_id: Type.Integer(),
  title: Type.String(),
  remind_at: Type.String(),
});
export type TimelineReminder = Static<typeof TimelineReminder>;

/** GET /api/event/layers: the range, and the zone whose calendar days bills and away periods are read in. */
export const LayersQuery = Type.Object({
  from: Type.String({ maxLength: 64 }),
  to: Type.String({ maxLength: 64 }),
  time_zone: Type.Optional(TimeZoneName),
});
export type LayersQuery = Static<typeof LayersQuery>;

/** GET /api/event/layers?from=&to=: what else is on the calendar in the range, one list per layer. */
export const TimelineLayers = Type.Object({
  tasks: Type.Array(TimelineTask),
  bills: Type.Array(TimelineBill),
  away: Type.Array(TimelineAway),
  reminders: Type.Array(TimelineReminder),
  /** Occurrences from the outside calendars the caller sees (house-wide ones and their own). */
  external: Type.Array(TimelineExternal),
});
export type TimelineLayers = Static<typeof TimelineLayers>;

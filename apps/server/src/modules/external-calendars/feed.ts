import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { definedZones, icalInstant } from '../../lib/ical-time.js';

/*
 * Reading an outside calendar's feed with ical.js: events grouped by UID (a series and its changed
 * occurrences), repeats expanded by ical.js in the wall-clock time of the event's own zone, and each
 * wall-clock time turned into an instant in that zone (an IANA TZID through the zone database, any other
 * TZID through the VTIMEZONE the feed defines), so a weekly 09:00 stays at 09:00 across daylight saving.
 */

/** One occurrence: timed ones as UTC ISO instants; all-day ones as dates, the end exclusive. */
export interface FeedOccurrence {
  title: string;
  start: string;
  end: string;
  all_day: boolean;
  /** For sorting and range checks: the start as an instant. */
  startMs: number;
}

export interface ParsedFeed {
  events: ICAL.Event[];
  zones: Map<string, ICAL.Timezone>;
}

/** The feed is not iCalendar (an HTML page, a JSON answer, an empty body). */
export class NotACalendar extends Error {}

/** Most repeats walked through for one series (a daily event since 1970 is about 20,000). */
const STEPS_MAX = 50_000;

export function parseFeed(text: string): ParsedFeed {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch (err) {
    throw new NotACalendar((err as Error).message);
  }
  // Several VCALENDARs in one body come as a list; the first is read.
  const first = Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal[0] : jcal;
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(first as ICAL.JCal);
  } catch (err) {
    throw new NotACalendar((err as Error).message);
  }
  if (root.name !== 'vcalendar') throw new NotACalendar('not a VCALENDAR');
  const zones = definedZones(root);
  const masters = new Map<string, ICAL.Component>();
  const exceptions = new Map<string, ICAL.Component[]>();
  const loose: ICAL.Component[] = [];
  for (const vevent of root.getAllSubcomponents('vevent')) {
    if (!vevent.hasProperty('dtstart')) continue;
    const uid = vevent.getFirstPropertyValue('uid');
    if (typeof uid !== 'string' || uid === '') {
      loose.push(vevent);
      continue;
    }
    if (vevent.hasProperty('recurrence-id')) {
      const list = exceptions.get(uid) ?? [];
      list.push(vevent);
      exceptions.set(uid, list);
    } else {
      masters.set(uid, vevent);
    }
  }
  const events: ICAL.Event[] = loose.map((c) => new ICAL.Event(c));
  for (const [uid, master] of masters) {
    events.push(new ICAL.Event(master, { exceptions: exceptions.get(uid) ?? [] }));
    exceptions.delete(uid);
  }
  // Changed occurrences whose series the feed does not hold are events of their own.
  for (const orphans of exceptions.values()) for (const c of orphans) events.push(new ICAL.Event(c));
  return { events, zones };
}

interface Placed {
  startMs: number;
  endMs: number;
  start: string;
  end: string;
  allDay: boolean;
}

const isoDate = (t: ICAL.Time) =>
  `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

function place(start: ICAL.Time, end: ICAL.Time, item: ICAL.Event, feed: ParsedFeed, zone: string): Placed {
  if (start.isDate) {
    const first = isoDate(start);
    let last = end.isDate ? isoDate(end) : first;
    if (last <= first)
      last = DateTime.fromISO(first, { zone: 'utc' }).plus({ days: 1 }).toISODate() as string;
    return {
      start: first,
      end: last,
      allDay: true,
      startMs: DateTime.fromISO(first, { zone }).toMillis(),
      endMs: DateTime.fromISO(last, { zone }).toMillis(),
    };
  }
  const tzid = item.component.getFirstProperty('dtstart')?.getParameter('tzid');
  const endTzid = item.component.getFirstProperty('dtend')?.getParameter('tzid') ?? tzid;
  const s = icalInstant(start, tzid, feed.zones, zone);
  let e = icalInstant(end, endTzid, feed.zones, zone);
  if (e < s) e = s;
  return {
    start: s.toUTC().toISO() as string,
    end: e.toUTC().toISO() as string,
    allDay: false,
    startMs: s.toMillis(),
    endMs: e.toMillis(),
  };
}

function inRange(p: Placed, from: number, to: number): boolean {
  return p.startMs < to && Math.max(p.endMs, p.startMs + 1) > from;
}

/**
 * Every occurrence that overlaps [from, to), at most `max` (the earliest), sorted by start. `zone` places
 * all-day dates and floating times (the caller's calendar).
 */
export function occurrencesBetween(
  feed: ParsedFeed,
  from: Date,
  to: Date,
  zone: string,
  max: number,
): FeedOccurrence[] {
  const lo = from.getTime();
  const hi = to.getTime();
  const found: FeedOccurrence[] = [];
  const add = (p: Placed, item: ICAL.Event) =>
    found.push({
      title: item.summary || '',
      start: p.start,
      end: p.end,
      all_day: p.allDay,
      startMs: p.startMs,
    });
  for (const event of feed.events) {
    if (!event.isRecurring() || event.isRecurrenceException()) {
      const p = place(event.startDate, event.endDate, event, feed, zone);
      if (inRange(p, lo, hi)) add(p, event);
      continue;
    }
    const iterator = event.iterator();
    for (let step = 0; step < STEPS_MAX; step++) {
      const next = iterator.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      const p = place(details.startDate, details.endDate, details.item, feed, zone);
      // A changed occurrence may move later than its original slot; the series itself only moves on.
      const original = place(next, next, event, feed, zone);
      if (original.startMs >= hi && p.startMs >= hi) break;
      if (inRange(p, lo, hi)) add(p, details.item);
    }
  }
  found.sort((a, b) => a.startMs - b.startMs || a.title.localeCompare(b.title));
  return found.slice(0, max);
}

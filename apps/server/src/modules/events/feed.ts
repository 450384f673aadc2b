import { Readable } from 'node:stream';
import { escape as escapeText, ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { nextDay } from './event-times.js';
import { feedRrule } from './recurrence.js';
import type { FeedRow } from './repository.js';
import { parseExdates } from './service.js';
import { vtimezone } from './vtimezone.js';

export interface FeedOptions {
  /** The origin people use, for each event's URL and UID. */
  publicUrl: string;
  houseName: string;
}

/** Calendar apps look again about this often (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;
/** Events are written out in chunks of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

/** UTF-8 length of one UTF-16 code unit on its own (a lone surrogate encodes as U+FFFD, 3 bytes). */
const unitBytes = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : 3);

/**
 * ical-generator's foldLines, line for line and fold for fold (feed.test.ts checks they agree), without
 * its cost: it measures every character with a new TextEncoder, which made up most of the feed's time.
 * Folds before the character that would take a line past 74 octets (RFC 5545 3.1 allows 75).
 */
export function foldLine(line: string): string {
  let out = '';
  let from = 0;
  let octets = 0;
  for (let i = 0; i < line.length; i++) {
    const at = i;
    const code = line.charCodeAt(i);
    let size = unitBytes(code);
    // Like foldLines, a high surrogate travels with the unit after it.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < line.length) {
      const next = line.charCodeAt(++i);
      size = next >= 0xdc00 && next <= 0xdfff ? 4 : size + unitBytes(next);
    }
    octets += size;
    if (octets > 74) {
      out += `${line.slice(from, at)}\r\n `;
      from = at;
      octets = size;
    }
  }
  return out + line.slice(from);
}

/** Folds the long lines of a block of CRLF-separated lines; most lines are short and pass as they are. */
function fold(text: string): string {
  return text
    .split('\r\n')
    .map((line) => (line.length > 24 && Buffer.byteLength(line, 'utf8') > 74 ? foldLine(line) : line))
    .join('\r\n');
}

type EventFeedRow = FeedRow & {
  event_id: number;
  title: string;
  start_datetime: string;
  end_datetime: string;
  created_at: string;
  updated_at: string;
  user_id: number;
};

const isEvent = (row: FeedRow): row is EventFeedRow => row.event_id !== null;

/** The local wall time of an instant in a zone, as iCalendar writes it with a TZID. */
const localStamp = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone }).toFormat("yyyyLLdd'T'HHmmss");

/** RRULE and EXDATE lines of a repeating event: EXDATEs in its zone (timed) or as dates (all-day). */
function repeatLines(row: EventFeedRow, allDay: boolean, zone: string): string {
  const rrule = feedRrule({
    start: row.start_datetime,
    end: row.end_datetime,
    allDay,
    startDate: row.start_date,
    endDate: row.end_date,
    timeZone: zone,
    rrule: row.rrule as string,
    exdates: [],
  });
  const exdates = parseExdates(row.exdates);
  let text = `RRULE:${rrule}`;
  if (exdates.length > 0) {
    text += allDay
      ? `\r\nEXDATE;VALUE=DATE:${exdates.map((d) => DateTime.fromISO(d, { zone }).toFormat('yyyyLLdd')).join(',')}`
      : `\r\nEXDATE;TZID=${zone}:${exdates.map((d) => localStamp(d, zone)).join(',')}`;
  }
  return text;
}

/** The UID of a house event: an edited occurrence shares its series' UID (told apart by RECURRENCE-ID). */
export const eventUid = (eventId: number, host: string) => `event-${eventId}@${host}`;

const CANONICAL_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** An instant as iCalendar writes it in UTC, seconds kept: 20260102T090000Z. */
function utcStamp(iso: string): string {
  // Stored instants are already UTC ISO (2026-01-02T09:00:00.000Z); anything else is read as a date first.
  const t = CANONICAL_UTC.test(iso) ? iso : new Date(iso).toISOString();
  return `${t.slice(0, 4)}${t.slice(5, 7)}${t.slice(8, 10)}T${t.slice(11, 13)}${t.slice(14, 16)}${t.slice(17, 19)}Z`;
}

/** A YYYY-MM-DD date as iCalendar writes it. */
const dateStamp = (date: string) => date.replaceAll('-', '');

/**
 * One VEVENT, written line by line (text values escaped with ical-generator's own `escape`; long lines
 * folded by the caller), in the order ical-generator writes them. One-off timed events are written in
 * UTC; repeating ones (and their edited occurrences) in their zone with a TZID, so the series keeps its
 * wall-clock time in calendar apps across clock changes. All-day events are VALUE=DATE with the exclusive
 * end (the day after the last day). The URL ends in the event id (the web app opens the event from it),
 * and the creator travels as X-HEARTH-USER-ID and X-HEARTH-USERNAME.
 */
function eventText(row: EventFeedRow, publicUrl: string, host: string): string {
  const allDay = Boolean(row.all_day) && row.start_date !== null && row.end_date !== null;
  const zone = row.time_zone ?? 'UTC';
  const zoned = !allDay && (row.rrule !== null || row.series_id !== null);
  const seriesId = row.series_id ?? row.event_id;
  const lines = [
    'BEGIN:VEVENT',
    `UID:${eventUid(seriesId, host)}`,
    `SEQUENCE:${row.sequence ?? 0}`,
    // Without METHOD, DTSTAMP is when the event last changed (RFC 5545 3.8.7.2): the feed is stable.
    `DTSTAMP:${utcStamp(row.updated_at)}`,
  ];
  if (allDay) {
    lines.push(
      `DTSTART;VALUE=DATE:${dateStamp(row.start_date as string)}`,
      `DTEND;VALUE=DATE:${dateStamp(nextDay(row.end_date as string))}`,
      'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
      'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE',
    );
  } else if (zoned) {
    lines.push(
      `DTSTART;TZID=${zone}:${localStamp(row.start_datetime, zone)}`,
      `DTEND;TZID=${zone}:${localStamp(row.end_datetime, zone)}`,
    );
  } else {
    lines.push(`DTSTART:${utcStamp(row.start_datetime)}`, `DTEND:${utcStamp(row.end_datetime)}`);
  }
  if (row.rrule !== null && row.series_id === null) lines.push(repeatLines(row, allDay, zone));
  if (row.recurrence_id) {
    // An edited occurrence names the start it replaces: a date for an all-day series, else in its zone.
    if (allDay) {
      lines.push(
        `RECURRENCE-ID;VALUE=DATE:${DateTime.fromISO(row.recurrence_id, { zone }).toFormat('yyyyLLdd')}`,
      );
    } else if (zoned) {
      lines.push(`RECURRENCE-ID;TZID=${zone}:${localStamp(row.recurrence_id, zone)}`);
    }
  }
  lines.push(`SUMMARY:${escapeText(row.title, false)}`);
  if (row.location) lines.push(`LOCATION:${escapeText(row.location, false)}`);
  if (row.description) lines.push(`DESCRIPTION:${escapeText(row.description, false)}`);
  lines.push(
    `URL;VALUE=URI:${escapeText(`${publicUrl}/api/event/${seriesId}`, false)}`,
    `X-HEARTH-USER-ID:${escapeText(String(row.user_id), false)}`,
    `X-HEARTH-USERNAME:${escapeText(row.username ?? '', false)}`,
    `CREATED:${utcStamp(row.created_at)}`,
    `LAST-MODIFIED:${utcStamp(row.updated_at)}`,
    'END:VEVENT',
    '',
  );
  return lines.join('\r\n');
}

/** The years a feed's zoned times fall in, for its VTIMEZONE blocks: from the first start to ten years on. */
function zoneYears(starts: readonly string[]): [number, number] {
  const now = new Date().getUTCFullYear();
  let first = now;
  for (const start of starts) first = Math.min(first, new Date(start).getUTCFullYear());
  return [first - 1, Math.max(first, now) + 10];
}

/** What a feed adds after the house events: finished VEVENT texts, and the zones their TZIDs name. */
export interface ExtraEvents {
  zones: readonly { zone: string; start: string }[];
  events: Iterable<string>;
}

/** A calendar's opening lines: everything before the time zones and events (its closing line follows them). */
export interface FeedFrame {
  header: string;
}

const FOOTER = 'END:VCALENDAR';

/**
 * The frame of a house's calendar. Writing it costs far more than an event (ical-generator measures each
 * character's octets), so a run that writes many calendar objects of one house makes it once.
 */
export function feedFrame(houseName: string): FeedFrame {
  const calendar = new ICalCalendar({
    prodId: { company: 'Hearth', product: 'House Calendar', language: 'EN' },
    // ical-generator writes NAME and X-WR-CALNAME as given: escape the text value ourselves.
    name: escapeText(houseName, false),
    ttl: REFRESH_SECONDS,
  });
  const empty = calendar.toString();
  return { header: empty.slice(0, empty.lastIndexOf(FOOTER)) };
}

/**
 * The house calendar as iCalendar text, produced chunk by chunk from the rows of the one feed query, so a
 * large house never holds its whole feed, or an object per event, in memory at once. A VTIMEZONE is
 * written for each zone a repeating event (or an extra event) names.
 */
export function* feedChunks(
  rows: readonly FeedRow[],
  { publicUrl, houseName }: FeedOptions,
  extra?: ExtraEvents,
  frame: FeedFrame = feedFrame(houseName),
): Generator<string> {
  const footer = FOOTER;
  // The calendar's own lines, without its closing line: time zones and events go in between.
  let chunk = frame.header;
  const zoned = [
    ...rows
      .filter(
        (r) =>
          r.time_zone !== null &&
          r.start_datetime !== null &&
          !r.all_day &&
          (r.rrule !== null || r.series_id !== null),
      )
      .map((r) => ({ zone: r.time_zone as string, start: r.start_datetime as string })),
    ...(extra?.zones ?? []),
  ];
  if (zoned.length > 0) {
    const [fromYear, toYear] = zoneYears(zoned.map((z) => z.start));
    for (const zone of new Set(zoned.map((z) => z.zone))) chunk += vtimezone(zone, fromYear, toYear);
  }
  const host = new URL(publicUrl).host;
  for (const row of rows) {
    if (!isEvent(row)) continue;
    chunk += fold(eventText(row, publicUrl, host));
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  for (const text of extra?.events ?? []) {
    chunk += fold(text);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}${footer}\r\n`;
}

export function feedStream(rows: readonly FeedRow[], options: FeedOptions, extra?: ExtraEvents): Readable {
  return Readable.from(feedChunks(rows, options, extra), { objectMode: false });
}

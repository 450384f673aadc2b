import type { TimelineExternal } from '@hearth/contract';
import type { Db } from '../../db/create-db.js';
import { occurrencesBetween, type ParsedFeed, parseFeed } from './feed.js';
import { ExternalCalendarsRepository } from './repository.js';

/**
 * Parsed feeds kept per instance, by the hash of their text: a calendar's text (up to 5 MB) is read from
 * the database and parsed only when this instance has not parsed that version yet.
 */
const PARSED_KEPT = 64;
const parsed = new Map<string, ParsedFeed>();

function keep(hash: string, feed: ParsedFeed): void {
  if (parsed.size >= PARSED_KEPT) {
    const oldest = parsed.keys().next().value;
    if (oldest !== undefined) parsed.delete(oldest);
  }
  parsed.set(hash, feed);
}

/**
 * The calendar's outside-calendar layer: occurrences in [from, to) of every calendar the user sees in the
 * house (the house-wide ones and their own), read from the last feed each fetch kept, at most `max`.
 * `zone` places all-day dates and floating times.
 */
export async function externalOccurrences(
  db: Db,
  houseId: number,
  userId: number,
  from: Date,
  to: Date,
  zone: string,
  max: number,
): Promise<TimelineExternal[]> {
  const repo = new ExternalCalendarsRepository(db);
  const rows = await repo.feedsVisible(houseId, userId);
  const texts = await repo.feedTexts(
    rows.filter((row) => !parsed.has(row.feed_hash)).map((row) => row.external_calendar_id),
  );
  for (const { feed, feed_hash } of texts) keep(feed_hash, parseFeed(feed));
  const out: TimelineExternal[] = [];
  for (const row of rows) {
    const feed = parsed.get(row.feed_hash);
    if (!feed) continue;
    for (const o of occurrencesBetween(feed, from, to, zone, max)) {
      if (out.length >= max) return out;
      out.push({
        external_calendar_id: row.external_calendar_id,
        name: row.name,
        color: row.color,
        title: o.title,
        start: o.start,
        end: o.end,
        all_day: o.all_day,
      });
    }
  }
  return out;
}

import { createHash } from 'node:crypto';
import type { TimelineExternal } from '@hearth/contract';
import type { Db } from '../../db/create-db.js';
import { occurrencesBetween, type ParsedFeed, parseFeed } from './feed.js';
import { ExternalCalendarsRepository } from './repository.js';

/** Parsed feeds kept per instance, by the hash of their text (the text itself is in the database). */
const PARSED_KEPT = 64;
const parsed = new Map<string, ParsedFeed>();

function parsedFeed(text: string, hash: string | null): ParsedFeed {
  const key = hash ?? createHash('sha256').update(text).digest('hex');
  const kept = parsed.get(key);
  if (kept) return kept;
  const feed = parseFeed(text);
  if (parsed.size >= PARSED_KEPT) {
    const oldest = parsed.keys().next().value;
    if (oldest !== undefined) parsed.delete(oldest);
  }
  parsed.set(key, feed);
  return feed;
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
  const rows = await new ExternalCalendarsRepository(db).feedsVisible(houseId, userId);
  const out: TimelineExternal[] = [];
  for (const row of rows) {
    if (row.feed === null) continue;
    for (const o of occurrencesBetween(parsedFeed(row.feed, row.feed_hash), from, to, zone, max)) {
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

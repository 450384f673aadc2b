import { IANAZone } from 'luxon';

/*
 * A zone's UTC offset at an instant, from the offset changes of each year worked out once per zone and year
 * (a few dozen look-ups through Intl, then a search among two or so changes). Expanding a house's repeating
 * events needs an offset per occurrence; asking Intl for each one was most of the time spent.
 */

const WEEK = 7 * 24 * 3_600_000;
const MINUTE = 60_000;

/** One year of a zone: its offset on 1 January, and each change after it (instant, new offset). */
interface YearOffsets {
  first: number;
  changes: { at: number; offset: number }[];
}

const years = new Map<string, YearOffsets>();

function yearOf(zone: string, year: number): YearOffsets {
  const key = `${zone} ${year}`;
  let known = years.get(key);
  if (known) return known;
  const tz = IANAZone.create(zone);
  const from = Date.UTC(year, 0, 1);
  const to = Date.UTC(year + 1, 0, 1);
  const changes: { at: number; offset: number }[] = [];
  // Offsets change a few times a year at most, never twice in a week: step a week, then narrow down.
  for (let at = from; at < to; at += WEEK) {
    const next = Math.min(at + WEEK, to);
    const before = tz.offset(at);
    if (before === tz.offset(next)) continue;
    let lo = at;
    let hi = next;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / (2 * MINUTE)) * MINUTE;
      if (tz.offset(mid) === before) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, offset: tz.offset(hi) });
  }
  known = { first: tz.offset(from), changes };
  if (years.size > 10_000) years.clear();
  years.set(key, known);
  return known;
}

/** The zone's offset from UTC in minutes at the instant `ms`, as luxon's IANAZone.offset answers it. */
export function offsetAt(zone: string, ms: number): number {
  const { first, changes } = yearOf(zone, new Date(ms).getUTCFullYear());
  let offset = first;
  for (const change of changes) {
    if (change.at > ms) break;
    offset = change.offset;
  }
  return offset;
}

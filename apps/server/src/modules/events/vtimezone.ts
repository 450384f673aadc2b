import { DateTime } from 'luxon';

/*
 * VTIMEZONE blocks (RFC 5545 3.6.5) worked out from the zone data the runtime has, through luxon: each
 * change of UTC offset in the years asked for becomes a STANDARD or DAYLIGHT part with its own DTSTART
 * (in the wall time before the change). Calendar apps that do not know the TZID read times with it.
 */

const WEEK = 7 * 24 * 3_600_000;

/** Zone rules do not change while the process runs: each block is worked out once. */
const made = new Map<string, string>();

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const offsetAt = (zone: string, ms: number) => DateTime.fromMillis(ms, { zone }).offset;

/** The instants in [fromMs, toMs) where the zone's offset changes, found hour by hour then to the minute. */
function transitions(zone: string, fromMs: number, toMs: number): number[] {
  const found: number[] = [];
  // Offsets change at most a few times a year, never twice in a week: step a week, then narrow down.
  for (let at = fromMs; at < toMs; at += WEEK) {
    const next = Math.min(at + WEEK, toMs);
    if (offsetAt(zone, at) === offsetAt(zone, next)) continue;
    let lo = at;
    let hi = next;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(zone, mid) === offsetAt(zone, lo)) lo = mid;
      else hi = mid;
    }
    found.push(hi);
  }
  return found;
}

/** One VTIMEZONE for `zone`, covering the years fromYear through toYear. Lines end in CRLF. */
export function vtimezone(zone: string, fromYear: number, toYear: number): string {
  const key = `${zone} ${fromYear} ${toYear}`;
  let text = made.get(key);
  if (text === undefined) {
    text = build(zone, fromYear, toYear);
    if (made.size > 1000) made.clear();
    made.set(key, text);
  }
  return text;
}

function build(zone: string, fromYear: number, toYear: number): string {
  const fromMs = Date.UTC(fromYear, 0, 1);
  const toMs = Date.UTC(toYear + 1, 0, 1);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const changes = transitions(zone, fromMs, toMs);
  if (changes.length === 0) {
    const at = DateTime.fromMillis(fromMs, { zone });
    lines.push(
      'BEGIN:STANDARD',
      `DTSTART:${at.toFormat("yyyyLLdd'T'HHmmss")}`,
      `TZOFFSETFROM:${offsetText(at.offset)}`,
      `TZOFFSETTO:${offsetText(at.offset)}`,
      `TZNAME:${at.offsetNameShort ?? zone}`,
      'END:STANDARD',
    );
  }
  for (const change of changes) {
    const before = DateTime.fromMillis(change - 60_000, { zone });
    const after = DateTime.fromMillis(change, { zone });
    const kind = after.isInDST ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the moment of change in the wall time that was in force until then.
    const wall = DateTime.fromMillis(change, { zone: 'utc' }).plus({ minutes: before.offset });
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wall.toFormat("yyyyLLdd'T'HHmmss")}`,
      `TZOFFSETFROM:${offsetText(before.offset)}`,
      `TZOFFSETTO:${offsetText(after.offset)}`,
      `TZNAME:${after.offsetNameShort ?? zone}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return `${lines.join('\r\n')}\r\n`;
}

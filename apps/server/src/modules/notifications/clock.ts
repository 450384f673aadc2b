import type { QuietHours } from '@hearth/contract';
import { DateTime } from 'luxon';

/*
 * Wall-clock arithmetic of quiet hours and the digest, in the person's IANA zone (luxon). A local time that
 * does not exist on a spring-forward day moves forward by the gap; one that exists twice on the autumn day
 * is its earlier instant.
 */

export const CLOCK_TIME = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** Minutes after midnight of 'HH:MM', or null when it is not such a time. */
export function clockMinutes(text: string): number | null {
  const m = CLOCK_TIME.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function localMinutes(at: DateTime): number {
  return at.hour * 60 + at.minute;
}

/** Whether `at` falls inside the quiet hours (start included, end excluded; they may wrap midnight). */
export function inQuietHours(at: Date, zone: string, quiet: QuietHours): boolean {
  const m = localMinutes(DateTime.fromJSDate(at, { zone }));
  const start = clockMinutes(quiet.start) ?? 0;
  const end = clockMinutes(quiet.end) ?? 0;
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/** The first instant strictly after `after` whose local time in `zone` is `time` ('HH:MM'). */
export function nextLocalTime(after: Date, zone: string, time: string): Date {
  const minutes = clockMinutes(time) ?? 0;
  const local = DateTime.fromJSDate(after, { zone });
  for (let day = 0; day < 3; day++) {
    const d = local.plus({ days: day });
    const candidate = DateTime.fromObject(
      { year: d.year, month: d.month, day: d.day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
      { zone },
    );
    if (candidate.toMillis() > after.getTime()) return candidate.toJSDate();
  }
  throw new Error('unreachable: a local time comes within three days');
}

/** Every instant in (from, to] whose local time in `zone` is `time`. */
export function localTimesBetween(from: Date, to: Date, zone: string, time: string): Date[] {
  const out: Date[] = [];
  let at = nextLocalTime(from, zone, time);
  while (at.getTime() <= to.getTime() && out.length < 400) {
    out.push(at);
    at = nextLocalTime(at, zone, time);
  }
  return out;
}

export interface Timing {
  /** 'pending': send at sendAt; 'folded': wait for the digest at sendAt. */
  status: 'pending' | 'folded';
  sendAt: Date;
}

/** Older than this when planned (a server was down): it goes into the digest instead, if there is one. */
export const MISSED_AFTER_MS = 60 * 60 * 1000;

/**
 * When a thing due at `due` goes out: at once; at the end of quiet hours when it falls in them (or in the
 * digest, if one comes first); into the next digest when it was missed by more than an hour.
 */
export function timing(
  due: Date,
  now: Date,
  zone: string,
  quiet: QuietHours | null,
  digestTime: string | null,
): Timing {
  if (now.getTime() - due.getTime() > MISSED_AFTER_MS) {
    if (digestTime) return { status: 'folded', sendAt: nextLocalTime(now, zone, digestTime) };
    return { status: 'pending', sendAt: now };
  }
  if (quiet && inQuietHours(due, zone, quiet)) {
    const end = nextLocalTime(due, zone, quiet.end);
    if (digestTime) {
      const digest = nextLocalTime(due, zone, digestTime);
      if (digest.getTime() <= end.getTime()) return { status: 'folded', sendAt: digest };
    }
    return { status: 'pending', sendAt: end };
  }
  return { status: 'pending', sendAt: due };
}

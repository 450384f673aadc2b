import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { isTimeZoneName } from './time-zone.js';

/** The zones a VCALENDAR defines itself, by TZID (for TZIDs that are not IANA names, e.g. Outlook's). */
export function definedZones(root: ICAL.Component): Map<string, ICAL.Timezone> {
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    const tzid = vtz.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') zones.set(tzid, new ICAL.Timezone(vtz));
  }
  return zones;
}

/**
 * The instant of a DATE-TIME value: UTC, an IANA TZID, a zone the calendar defines, or floating (the same
 * wall-clock time in `floatingZone`, the reader's zone).
 */
export function icalInstant(
  time: ICAL.Time,
  tzid: string | undefined,
  zones: Map<string, ICAL.Timezone>,
  floatingZone: string,
): DateTime {
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  };
  if (time.zone === ICAL.Timezone.utcTimezone) return DateTime.fromObject(wall, { zone: 'utc' });
  if (tzid && isTimeZoneName(tzid)) return DateTime.fromObject(wall, { zone: tzid });
  const defined = tzid ? zones.get(tzid) : undefined;
  if (defined) {
    const copy = time.clone();
    copy.zone = defined;
    return DateTime.fromSeconds(copy.toUnixTime(), { zone: 'utc' });
  }
  return DateTime.fromObject(wall, { zone: floatingZone });
}

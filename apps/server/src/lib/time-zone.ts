import { IANAZone } from 'luxon';

/**
 * Whether `zone` names an IANA time zone such as Europe/Berlin or UTC. Newer Node versions also accept
 * bare offsets ("+01:00") as zones; those keep no daylight-saving rules, so they are refused here on
 * every Node version alike.
 */
export function isTimeZoneName(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  const valid = !/^[+-]/.test(zone) && IANAZone.isValidZone(zone);
  // Names found valid are kept (bounded: spellings differing in case are valid too), since asking Intl
  // again costs far more than a lookup.
  if (valid && knownZones.size < KNOWN_ZONES_MAX) knownZones.add(zone);
  return valid;
}

const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 2000;

/** The canonical name of an IANA time zone (e.g. 'utc' -> 'UTC'), or null when the zone is unknown. */
export function canonicalTimeZone(zone: string): string | null {
  if (!isTimeZoneName(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

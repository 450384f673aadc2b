import { IANAZone } from 'luxon';

/**
 * Whether `zone` names an IANA time zone such as Europe/Berlin or UTC. Newer Node versions also accept
 * bare offsets ("+01:00") as zones; those keep no daylight-saving rules, so they are refused here on
 * every Node version alike.
 */
export function isTimeZoneName(zone: string): boolean {
  return !/^[+-]/.test(zone) && IANAZone.isValidZone(zone);
}

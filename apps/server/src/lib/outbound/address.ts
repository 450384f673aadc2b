import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Which addresses the server may send a request to: public unicast only. Ranges come from ipaddr.js's
 * tables (loopback, private, link-local, unique-local, CGNAT, multicast, reserved, documentation, ...).
 * An IPv6 address that carries an IPv4 one (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64,
 * 6to4, Teredo) is judged by the IPv4 address inside, so `::127.0.0.1` is not mistaken for a public one.
 */

export type AddressClass = 'public' | 'loopback' | 'refused';

/** Public IPv6 unicast is allocated from 2000::/3 only; anything else is unassigned or special. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** `::a.b.c.d` (IPv4-compatible, deprecated but still routed to the IPv4 address by some stacks). */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
/** RFC 6052's well-known NAT64 prefix; the local-use 64:ff9b:1::/48 (RFC 8215) is refused outright. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** Reads an address strictly (no `0x7f.1` or `2130706433` forms); null when it is not one. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    const family = isIP(text);
    if (family === 4) return ipaddr.IPv4.parse(text);
    if (family !== 6) return null;
    // The WHATWG URL parser writes it back in hex first: ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`.
    // A zone id (`fe80::1%eth0`) makes the URL parser throw: refused.
    const hex = new URL(`http://[${text}]/`).hostname.slice(1, -1);
    return ipaddr.IPv6.parse(hex);
  } catch {
    return null;
  }
}

function ipv4At(bytes: number[], offset: number, invert = false): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes.slice(offset, offset + 4).map((b) => (invert ? b ^ 0xff : b)));
}

/**
 * The IPv4 addresses an IPv6 address carries, [] when it carries none, or null when it is a translation
 * form whose inner address cannot be read (refused).
 */
export function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const bytes = ip.toByteArray();
  switch (ip.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return [ipv4At(bytes, 12)];
    case 'rfc6052':
      return ip.match(NAT64_WELL_KNOWN) ? [ipv4At(bytes, 12)] : null;
    case '6to4': // 2002:AABB:CCDD::/48
      return [ipv4At(bytes, 2)];
    case 'teredo': // 2001:0:SERVER:flags:port:~CLIENT
      return [ipv4At(bytes, 4), ipv4At(bytes, 12, true)];
    case 'loopback':
    case 'unspecified':
      return [];
  }
  return ip.match(IPV4_COMPATIBLE) ? [ipv4At(bytes, 12)] : [];
}

function ipv4Class(ip: ipaddr.IPv4): AddressClass {
  const range = ip.range();
  if (range === 'unicast') return 'public';
  return range === 'loopback' ? 'loopback' : 'refused';
}

/** 'public', 'loopback' (allowed only when the operator says so, for tests) or 'refused'. */
export function classifyAddress(text: string): AddressClass {
  const ip = parseAddress(text);
  if (!ip) return 'refused';
  if (ip instanceof ipaddr.IPv4) return ipv4Class(ip);
  const range = ip.range();
  if (range === 'loopback') return 'loopback';
  if (range === 'unspecified') return 'refused';
  const inside = embeddedIPv4(ip);
  if (inside === null) return 'refused';
  // The system connects to a mapped address as the IPv4 one itself, so ::ffff:127.0.0.1 is loopback.
  if (range === 'ipv4Mapped') return ipv4Class(inside[0] as ipaddr.IPv4);
  if (inside.length > 0) return inside.every((v4) => ipv4Class(v4) === 'public') ? 'public' : 'refused';
  return range === 'unicast' && ip.match(GLOBAL_UNICAST) ? 'public' : 'refused';
}

/** Whether a request over `protocol` may go to `address`: https to public ones, loopback when allowed. */
export function addressAllowed(address: string, protocol: string, allowLoopback: boolean): boolean {
  const cls = classifyAddress(address);
  if (cls === 'public') return protocol === 'https:';
  return cls === 'loopback' && allowLoopback;
}

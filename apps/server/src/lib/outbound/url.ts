import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { validationError } from '../errors.js';
import { addressAllowed, parseAddress } from './address.js';

/** How the server may reach outside: one policy for every outbound request. */
export interface OutboundPolicy {
  /** OUTBOUND_ALLOW_LOOPBACK (tests only): also allow 127.0.0.1/::1, over http too. */
  allowLoopback: boolean;
  /** Resolves a host name to its addresses (tests stand in for DNS). */
  resolve?: Resolver;
  /** Tests only: when loopback is allowed, only on these ports (to prove a hop to another one is refused). */
  loopbackPorts?: readonly number[];
}

export type Resolver = (host: string) => Promise<string[]>;

export function systemResolve(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (err, addresses: LookupAddress[]) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address)),
    );
  });
}

/** The host of a URL without IPv6 brackets. */
export function hostOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') ? host.slice(1, -1) : host;
}

function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function defaultPort(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

function loopbackAllowedFor(url: URL, policy: OutboundPolicy): boolean {
  if (!policy.allowLoopback) return false;
  return !policy.loopbackPorts || policy.loopbackPorts.includes(defaultPort(url));
}

/**
 * Checks a URL the server is asked to fetch, before any request: https only (webcal:// is read as
 * https://), no credentials in it, and an IP literal or a `localhost` name must be allowed. A name is
 * checked again when each connection is made. A refusal is a 400 naming `field`.
 */
export function parseOutboundUrl(raw: string, field: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    const text = raw.trim();
    // webcal: is not a special scheme, so its protocol cannot be set to https: in place.
    url = new URL(/^webcals?:/i.test(text) ? `https:${text.slice(text.indexOf(':') + 1)}` : text);
  } catch {
    throw validationError(field, `${field} must be a URL.`);
  }
  const loopbackOk = loopbackAllowedFor(url, policy);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackOk)) {
    throw validationError(field, `${field} must be an https URL.`);
  }
  if (url.username || url.password) {
    throw validationError(field, `${field} must not carry a user name or password.`);
  }
  const host = hostOf(url);
  const literal = parseAddress(host) !== null;
  const refused = literal
    ? !addressAllowed(host, url.protocol, loopbackOk)
    : isLocalhostName(host) && !loopbackOk;
  if (refused) {
    throw validationError(field, `${field} must be a public address, not a local or private one.`);
  }
  return url;
}

/**
 * As parseOutboundUrl, and a host name is resolved now: it must be found and every address it has must
 * be allowed (a subscription is refused at once rather than failing silently later).
 */
export async function checkOutboundUrl(raw: string, field: string, policy: OutboundPolicy): Promise<URL> {
  const url = parseOutboundUrl(raw, field, policy);
  const host = hostOf(url);
  if (parseAddress(host) !== null) return url;
  let addresses: string[];
  try {
    addresses = await (policy.resolve ?? systemResolve)(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) {
    throw validationError(field, `${field} names a host that cannot be found.`);
  }
  const loopbackOk = loopbackAllowedFor(url, policy);
  if (!addresses.every((address) => addressAllowed(address, url.protocol, loopbackOk))) {
    throw validationError(field, `${field} must be a public address, not a local or private one.`);
  }
  return url;
}

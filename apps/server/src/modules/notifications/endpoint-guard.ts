import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { validationError } from '../../lib/errors.js';

/*
 * Push endpoints are addresses the server sends requests to on a person's say-so, so they are guarded: https
 * only, and only to public unicast addresses (never loopback, private, link-local, unique-local, CGNAT,
 * multicast or reserved, IPv4 or IPv6, nor IPv4 hidden in an IPv6 address). A host name is resolved and
 * every address it resolves to must pass, at subscription time and again when each request connects (so a
 * name cannot be pointed inward later). PUSH_ALLOW_INSECURE=true (tests) also allows loopback, over http.
 */

export interface GuardOptions {
  allowInsecure: boolean;
  /** Resolves a host name to its addresses (tests stand in for DNS). */
  resolve?: (host: string) => Promise<string[]>;
}

export function defaultResolve(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (err, addresses: LookupAddress[]) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address)),
    );
  });
}

/** 'public', 'loopback', or 'refused' for an IP address. */
export function addressClass(address: string): 'public' | 'loopback' | 'refused' {
  if (!ipaddr.isValid(address)) return 'refused';
  const ip = ipaddr.process(address); // an IPv4-mapped IPv6 address becomes the IPv4 one
  const range = ip.range();
  if (range === 'unicast') return 'public';
  if (range === 'loopback') return 'loopback';
  return 'refused';
}

function allowed(address: string, protocol: string, allowInsecure: boolean): boolean {
  const cls = addressClass(address);
  if (cls === 'public') return protocol === 'https:';
  return cls === 'loopback' && allowInsecure;
}

function hostOf(url: URL): string {
  // URL keeps IPv6 literals in brackets.
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Checks a subscription's endpoint; a 400 naming `endpoint` says why it is refused. */
export async function checkEndpoint(endpoint: string, options: GuardOptions): Promise<URL> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw validationError('endpoint', 'endpoint must be a URL.');
  }
  const insecureOk = options.allowInsecure && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !insecureOk) {
    throw validationError('endpoint', 'endpoint must be an https URL.');
  }
  if (url.username || url.password) {
    throw validationError('endpoint', 'endpoint must not carry a user name or password.');
  }
  const host = hostOf(url);
  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw validationError('endpoint', 'endpoint names a host that cannot be found.');
    }
    if (addresses.length === 0)
      throw validationError('endpoint', 'endpoint names a host that cannot be found.');
  }
  for (const address of addresses) {
    if (!allowed(address, url.protocol, options.allowInsecure)) {
      throw validationError(
        'endpoint',
        'endpoint must be a public push service, not a local or private address.',
      );
    }
  }
  return url;
}

/** Whether a literal-IP endpoint may be reached (a host name is checked by `guardedLookup` as it connects). */
export function literalAllowed(url: URL, allowInsecure: boolean): boolean {
  const host = hostOf(url);
  return !ipaddr.isValid(host) || allowed(host, url.protocol, allowInsecure);
}

/** A `lookup` for http(s).request that refuses to connect to an address the rule above refuses. */
export function guardedLookup(protocol: string, allowInsecure: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return (callback as (e: Error) => void)(err);
      const bad = addresses.find((a) => !allowed(a.address, protocol, allowInsecure));
      if (bad || addresses.length === 0) {
        const refused = Object.assign(new Error(`push endpoint ${hostname} resolves to a refused address`), {
          code: 'EHEARTHREFUSED',
        });
        return (callback as (e: Error) => void)(refused);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      return (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family);
    });
  };
}

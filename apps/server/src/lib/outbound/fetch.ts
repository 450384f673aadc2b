import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError } from '../errors.js';
import { addressAllowed } from './address.js';
import { type OutboundPolicy, parseOutboundUrl, systemResolve } from './url.js';

/*
 * The one way the server sends a request outside (push messages, calendars it is asked to read): every
 * URL, the first and each redirect's, passes parseOutboundUrl, and every connection's addresses pass the
 * same rule in the agent's lookup, so a name cannot be pointed inward after it was checked. Redirects are
 * followed here, never by the HTTP client, so each hop is checked; answers are bounded in size and time.
 */

export const OUTBOUND_MAX_BYTES = 5 * 1024 * 1024;
export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_REDIRECTS = 5;

export type OutboundFailure = 'refused' | 'too_large' | 'timeout' | 'redirects' | 'network';

/** Why an outbound request did not get an answer; `reason` lets callers decide (retry, give up, 4xx). */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  body?: Buffer | string | null;
  /** The most the answer's body may hold (default 5 MB). */
  maxBytes?: number;
  /** The most the whole exchange may take, redirects and body included (default 10 s). */
  timeoutMs?: number;
  /** How many redirects are followed (default 5); one more is an error. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Where the answer came from, after redirects. */
  url: URL;
}

const REFUSED = 'EHEARTHREFUSED';

/** A `lookup` that refuses to connect to an address the policy refuses. */
export function guardedLookup(protocol: string, policy: OutboundPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolve;
  return (hostname, options, callback) => {
    const fail = callback as (err: Error) => void;
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses: LookupAddress[] = found
          .map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
          .filter((a) => family === 0 || a.family === family);
        // Every address the name has must pass, not only the one used: the next lookup may pick another.
        const bad = found.find((address) => !addressAllowed(address, protocol, policy.allowLoopback));
        if (bad !== undefined || addresses.length === 0) {
          return fail(
            Object.assign(new Error(`${hostname} resolves to an address outbound requests may not reach`), {
              code: REFUSED,
            }),
          );
        }
        if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
        const first = addresses[0] as LookupAddress;
        return (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family);
      },
      (err: Error) => fail(err),
    );
  };
}

/** Keep-alive agents per protocol and policy (a socket opened under one policy never serves another). */
const agents = new Map<string, http.Agent>();

function agentFor(protocol: 'http:' | 'https:', policy: OutboundPolicy): http.Agent {
  const lookup = guardedLookup(protocol, policy);
  const Agent = protocol === 'https:' ? https.Agent : http.Agent;
  // A stand-in resolver or port list is a test's own policy: its sockets are not pooled.
  if (policy.resolve || policy.loopbackPorts) return new Agent({ keepAlive: false, lookup });
  const key = `${protocol}${policy.allowLoopback}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 32, lookup });
    agents.set(key, agent);
  }
  return agent;
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function oneHop(
  url: URL,
  method: string,
  headers: http.OutgoingHttpHeaders,
  body: Buffer | string | null,
  maxBytes: number,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<Hop> {
  const protocol = url.protocol as 'http:' | 'https:';
  return new Promise<Hop>((resolve, reject) => {
    const request = (protocol === 'https:' ? https : http).request(
      url,
      { method, headers, agent: agentFor(protocol, policy), signal },
      (response) => {
        const status = response.statusCode ?? 0;
        // A redirect's own body is not wanted: drop it (and the socket) rather than read it.
        if (response.headers.location && REDIRECTS.has(status)) {
          response.destroy();
          return resolve({ status, headers: response.headers, body: Buffer.alloc(0) });
        }
        const declared = Number(response.headers['content-length']);
        const tooLarge = () => new OutboundError('too_large', `the answer is larger than ${maxBytes} bytes`);
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy();
          return reject(tooLarge());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            return reject(tooLarge());
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', (err) => reject(toOutboundError(err, signal)));
        // Cut off (timeout, reset) before the end: settle rather than wait for an 'end' that never comes.
        response.on('close', () => {
          if (!response.complete) reject(toOutboundError(new Error('the connection closed early'), signal));
        });
      },
    );
    request.on('error', (err) => reject(toOutboundError(err, signal)));
    request.end(body ?? undefined);
  });
}

function toOutboundError(err: NodeJS.ErrnoException, signal: AbortSignal): OutboundError {
  if (err instanceof OutboundError) return err;
  if (signal.aborted) return new OutboundError('timeout', 'the request took too long');
  if (err.code === REFUSED) return new OutboundError('refused', err.message);
  return new OutboundError('network', err.message);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that belong to the first origin only, as fetch() drops them on a cross-origin redirect. */
const ORIGIN_BOUND = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * Sends one request and reads its answer, following redirects itself. Throws OutboundError (refused,
 * too_large, timeout, redirects, network); an http status, any status, is an answer.
 */
export async function outboundFetch(
  target: string | URL,
  policy: OutboundPolicy,
  request: OutboundRequest = {},
): Promise<OutboundResponse> {
  const maxBytes = request.maxBytes ?? OUTBOUND_MAX_BYTES;
  const maxRedirects = request.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;
  const signal = AbortSignal.timeout(request.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
  const check = (href: string) => {
    try {
      return parseOutboundUrl(href, 'url', policy);
    } catch (err) {
      throw new OutboundError('refused', err instanceof AppError ? err.message : 'the URL is refused');
    }
  };
  let url = check(String(target));
  let method = (request.method ?? 'GET').toUpperCase();
  let body = request.body ?? null;
  let headers: http.OutgoingHttpHeaders = { ...request.headers };
  for (let redirects = 0; ; redirects++) {
    const hop = await oneHop(url, method, headers, body, maxBytes, policy, signal);
    const location = hop.headers.location;
    if (!REDIRECTS.has(hop.status) || !location) return { ...hop, url };
    if (redirects >= maxRedirects) {
      throw new OutboundError('redirects', `more than ${maxRedirects} redirects`);
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new OutboundError('refused', 'a redirect names no valid URL');
    }
    next = check(next.href);
    // As fetch(): 303, and 301/302 after a POST, go on as a GET without the body.
    if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
      if (method !== 'HEAD') method = 'GET';
      body = null;
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !/^content-/i.test(name)),
      ) as http.OutgoingHttpHeaders;
    }
    if (next.origin !== url.origin) {
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !ORIGIN_BOUND.includes(name.toLowerCase())),
      ) as http.OutgoingHttpHeaders;
    }
    url = next;
  }
}

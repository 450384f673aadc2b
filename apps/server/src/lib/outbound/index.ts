/**
 * The one way out: every request the server sends to an address it was given goes through here.
 * - When the URL is given: `parseOutboundUrl(raw, field, config.outbound)` (or `checkOutboundUrl`, which
 *   also resolves the name now) answers a 400 naming the field for anything but https to a public address.
 * - When it is fetched: `outboundFetch(url, config.outbound, { maxBytes, timeoutMs, ... })` checks again,
 *   at each connection and each redirect, and throws `OutboundError` (reason: refused, too_large, timeout,
 *   redirects, network) when it gets no answer.
 */
export { type AddressClass, addressAllowed, classifyAddress, embeddedIPv4 } from './address.js';
export {
  OUTBOUND_MAX_BYTES,
  OUTBOUND_MAX_REDIRECTS,
  OUTBOUND_TIMEOUT_MS,
  OutboundError,
  type OutboundFailure,
  type OutboundRequest,
  type OutboundResponse,
  outboundFetch,
} from './fetch.js';
export {
  checkOutboundUrl,
  type OutboundPolicy,
  parseOutboundUrl,
  type Resolver,
} from './url.js';

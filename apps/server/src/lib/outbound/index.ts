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

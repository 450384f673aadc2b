import type { DavReply } from './context.js';

/** The methods the tree answers; the rest (MKCALENDAR, MKCOL, PROPPATCH, MOVE, COPY) are refused. */
export const ALLOWED = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT';

/** OPTIONS (RFC 4791 5.1): the compliance classes, calendar-access among them. */
export function options(): DavReply {
  return {
    status: 200,
    headers: { dav: '1, 3, calendar-access', allow: ALLOWED, 'content-length': '0' },
  };
}

/**
 * A refusal with a WebDAV/CalDAV precondition (RFC 4918 16, RFC 4791 5.3.2.1): the status, the element
 * named in the DAV:error body and its namespace, and a sentence for people.
 */
export class DavError extends Error {
  constructor(
    readonly status: number,
    readonly precondition: { ns: 'DAV:' | 'urn:ietf:params:xml:ns:caldav'; name: string } | null,
    message: string,
  ) {
    super(message);
    this.name = 'DavError';
  }
}

const caldav = (name: string) => ({ ns: 'urn:ietf:params:xml:ns:caldav' as const, name });

export const invalidCalendarData = (message: string) =>
  new DavError(400, caldav('valid-calendar-data'), message);
export const invalidObject = (message: string) =>
  new DavError(403, caldav('valid-calendar-object-resource'), message);
export const unsupportedComponent = (message: string) =>
  new DavError(403, caldav('supported-calendar-component'), message);
export const uidConflict = (message: string) => new DavError(409, caldav('no-uid-conflict'), message);
export const tooLarge = (message: string) => new DavError(413, caldav('max-resource-size'), message);
export const unsupportedData = (message: string) =>
  new DavError(415, caldav('supported-calendar-data'), message);
export const forbidden = (message: string) => new DavError(403, null, message);
export const davNotFound = () => new DavError(404, null, 'Not found.');
export const preconditionFailed = (message: string) => new DavError(412, null, message);

import { type DavReply, type DavRequest, header, reachable } from './context.js';
import { davNotFound, forbidden, tooLarge, unsupportedData } from './errors.js';
import { MAX_RESOURCE_SIZE } from './resources.js';

/** PUT of a calendar object (RFC 4791 5.3.2): created (201) or replaced (204), with its new ETag. */
export async function put(req: DavRequest): Promise<DavReply> {
  const { target, house, user } = req;
  if (target.kind !== 'object') throw forbidden('Only calendar objects can be written here.');
  if (!house || !reachable(req).includes(target.collection)) throw davNotFound();
  const type = (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'text/calendar') throw unsupportedData('Calendar objects are sent as text/calendar.');
  const body = typeof req.body === 'string' ? req.body : '';
  if (Buffer.byteLength(body, 'utf8') > MAX_RESOURCE_SIZE) {
    throw tooLarge(`A calendar object may be at most ${MAX_RESOURCE_SIZE} bytes.`);
  }
  const result = await req.deps.houseObjects.put(user, house, target.name, body, {
    ifMatch: header(req, 'if-match'),
    ifNoneMatch: header(req, 'if-none-match'),
  });
  return { status: result.created ? 201 : 204, headers: { etag: result.etag } };
}

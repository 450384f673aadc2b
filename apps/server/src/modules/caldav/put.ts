import { type DavReply, type DavRequest, header, storeFor } from './context.js';
import { davNotFound, forbidden, tooLarge, unsupportedData } from './errors.js';
import { MAX_RESOURCE_SIZE } from './resources.js';

/**
 * PUT of a calendar object (RFC 4791 5.3.2): created (201) or replaced (204). No ETag is sent back: what
 * Hearth keeps is never byte for byte what the app sent (RFC 4791 5.3.4), so the app reads it again.
 */
export async function put(req: DavRequest): Promise<DavReply> {
  const { target } = req;
  if (target.kind !== 'object') throw forbidden('Only calendar objects can be written here.');
  const store = storeFor(req, target.collection);
  if (!store) throw davNotFound();
  const type = (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'text/calendar') throw unsupportedData('Calendar objects are sent as text/calendar.');
  const body = typeof req.body === 'string' ? req.body : '';
  if (Buffer.byteLength(body, 'utf8') > MAX_RESOURCE_SIZE) {
    throw tooLarge(`A calendar object may be at most ${MAX_RESOURCE_SIZE} bytes.`);
  }
  const result = await store.put(target.name, body, {
    ifMatch: header(req, 'if-match'),
    ifNoneMatch: header(req, 'if-none-match'),
  });
  return { status: result.created ? 201 : 204 };
}

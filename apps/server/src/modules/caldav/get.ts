import { type DavReply, type DavRequest, header, storeFor } from './context.js';
import { davNotFound } from './errors.js';

/** GET (and HEAD) of a calendar object: its iCalendar text with its strong ETag; If-None-Match gives 304. */
export async function get(req: DavRequest): Promise<DavReply> {
  const { target } = req;
  const store = target.kind === 'object' ? storeFor(req, target.collection) : null;
  if (target.kind !== 'object' || !store) throw davNotFound();
  const object = await store.find(target.name);
  if (!object) throw davNotFound();
  const tags = header(req, 'if-none-match')
    ?.split(',')
    .map((t) => t.trim());
  if (tags && (tags.includes('*') || tags.includes(object.etag)))
    return { status: 304, headers: { etag: object.etag } };
  return {
    status: 200,
    headers: { etag: object.etag, 'content-type': 'text/calendar; charset=utf-8' },
    body: object.text,
  };
}

import { type DavReply, type DavRequest, header, reachable } from './context.js';
import { davNotFound } from './errors.js';

/** GET (and HEAD) of a calendar object: its iCalendar text with its strong ETag; If-None-Match gives 304. */
export async function get(req: DavRequest): Promise<DavReply> {
  const { target, house } = req;
  if (target.kind !== 'object' || !house || !reachable(req).includes(target.collection)) throw davNotFound();
  const object = await req.deps.houseObjects.find(house.house_id, target.name);
  if (!object) throw davNotFound();
  const headers = { etag: object.etag, 'content-type': 'text/calendar; charset=utf-8' };
  const tags = header(req, 'if-none-match')
    ?.split(',')
    .map((t) => t.trim());
  if (tags && (tags.includes('*') || tags.includes(object.etag)))
    return { status: 304, headers: { etag: object.etag } };
  return { status: 200, headers, body: object.text };
}

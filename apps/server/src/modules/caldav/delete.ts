import { type DavReply, type DavRequest, header, reachable } from './context.js';
import { davNotFound, forbidden } from './errors.js';

/** DELETE of a calendar object (through the events service); collections cannot be deleted. */
export async function remove(req: DavRequest): Promise<DavReply> {
  const { target, house, user } = req;
  if (target.kind !== 'object') throw forbidden('Collections cannot be deleted.');
  if (!house || !reachable(req).includes(target.collection)) throw davNotFound();
  await req.deps.houseObjects.remove(user, house.house_id, target.name, { ifMatch: header(req, 'if-match') });
  return { status: 204 };
}

import { type DavReply, type DavRequest, header, storeFor } from './context.js';
import { davNotFound, forbidden } from './errors.js';

/** DELETE of a calendar object (through its domain's service); collections cannot be deleted. */
export async function remove(req: DavRequest): Promise<DavReply> {
  const { target } = req;
  if (target.kind !== 'object') throw forbidden('Collections cannot be deleted.');
  const store = storeFor(req, target.collection);
  if (!store) throw davNotFound();
  await store.remove(target.name, { ifMatch: header(req, 'if-match') });
  return { status: 204 };
}

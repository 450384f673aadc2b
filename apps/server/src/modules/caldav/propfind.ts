import { collectionInfo, type DavReply, type DavRequest, header, reachable, storeFor } from './context.js';
import { davNotFound } from './errors.js';
import {
  type CollectionName,
  collectionHref,
  collectionProps,
  commonProps,
  homeHref,
  homeProps,
  objectHref,
  objectProps,
  principalHref,
  principalProps,
} from './resources.js';
import {
  asNode,
  child,
  childNames,
  multistatus,
  NS,
  type PropValue,
  parseXml,
  prop,
  type ResponseEntry,
} from './xml.js';

/** Which properties were asked for: named ones, or all (allprop, an empty body), or only their names. */
type Wanted = { all: true } | { names: string[] } | { namesOnly: true };

function wantedProps(body: unknown): Wanted {
  const root = asNode(child(parseXml(body), 'propfind'));
  if ('propname' in root) return { namesOnly: true };
  if ('prop' in root) return { names: childNames(root.prop) };
  return { all: true };
}

/** Splits a resource's properties into those asked for that it has, and those it does not have. */
export function selectProps(
  available: PropValue[],
  wanted: Wanted,
): Pick<ResponseEntry, 'found' | 'missing'> {
  if ('all' in wanted) return { found: available, missing: [] };
  if ('namesOnly' in wanted) return { found: available.map((p) => prop(p.ns, p.name)), missing: [] };
  const byName = new Map(available.map((p) => [p.name, p]));
  const found: PropValue[] = [];
  const missing: PropValue[] = [];
  for (const name of wanted.names) {
    const p = byName.get(name);
    if (p) found.push(p);
    else missing.push(prop(NS.dav, name));
  }
  return { found, missing };
}

/** PROPFIND (RFC 4918 9.1): the target's properties and, at Depth 1, its members'. */
export async function propfind(req: DavRequest): Promise<DavReply> {
  const wanted = wantedProps(req.body);
  const deep = (header(req, 'depth') ?? 'infinity').trim() !== '0';
  const { user, target } = req;
  const entries: ResponseEntry[] = [];
  const add = (href: string, props: PropValue[]) => entries.push({ href, ...selectProps(props, wanted) });

  const addCollection = async (c: CollectionName) =>
    add(collectionHref(user, c), collectionProps(user, await collectionInfo(req, c)));
  const addObjects = async (c: CollectionName, name?: string) => {
    const store = storeFor(req, c);
    if (!store) throw davNotFound();
    const found = name === undefined ? await store.list() : [await store.find(name)];
    for (const o of found) {
      if (!o) throw davNotFound();
      add(objectHref(user, c, o.name), objectProps(o.etag, store.component));
    }
  };

  switch (target.kind) {
    case 'root':
      add('/dav/', [prop(NS.dav, 'resourcetype', { 'd:collection': '' }), ...commonProps(user)]);
      break;
    case 'principal':
      add(principalHref(user), principalProps(user));
      break;
    case 'home':
      add(homeHref(user), homeProps(user));
      if (deep) for (const c of reachable(req)) await addCollection(c);
      break;
    case 'collection':
      if (!reachable(req).includes(target.collection)) throw davNotFound();
      await addCollection(target.collection);
      if (deep) await addObjects(target.collection);
      break;
    case 'object':
      if (!reachable(req).includes(target.collection)) throw davNotFound();
      await addObjects(target.collection, target.name);
      break;
  }
  return {
    status: 207,
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body: multistatus(entries),
  };
}

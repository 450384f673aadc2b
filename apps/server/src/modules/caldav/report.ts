import {
  type CollectionStore,
  type DavReply,
  type DavRequest,
  type StoredObject,
  storeFor,
} from './context.js';
import { DavError, davNotFound } from './errors.js';
import { parseUtcStamp } from './expand.js';
import { selectProps } from './propfind.js';
import { type CollectionName, homeHref, objectHref, objectProps, parseSyncToken } from './resources.js';
import {
  asNode,
  cdata,
  child,
  childNames,
  multistatus,
  NS,
  type PropValue,
  parseXml,
  prop,
  type ResponseEntry,
  type XmlNode,
  type XmlValue,
} from './xml.js';

const XML = { 'content-type': 'application/xml; charset=utf-8' };

/** How calendar-data was asked for: as stored, or expanded over a range. */
type DataRequest = { expand: { from: Date; to: Date } | null } | null;

function dataRequest(propNode: XmlValue | undefined): DataRequest {
  const data = child(propNode, 'calendar-data');
  if (data === undefined) return null;
  const expand = child(data, 'expand');
  if (expand === undefined) return { expand: null };
  const node = asNode(expand);
  const from = parseUtcStamp(node['@_start']);
  const to = parseUtcStamp(node['@_end']);
  if (!from || !to || to <= from) {
    throw new DavError(
      400,
      { ns: NS.caldav, name: 'valid-filter' },
      'expand needs a start and an end in UTC.',
    );
  }
  return { expand: { from, to } };
}

/** The properties of one object: what was named in DAV:prop, calendar-data included when asked. */
function objectEntry(
  store: CollectionStore,
  href: string,
  object: StoredObject,
  propNode: XmlValue | undefined,
  data: DataRequest,
): ResponseEntry {
  const available: PropValue[] = objectProps(object.etag, store.component);
  if (data) {
    const text = data.expand ? store.expand(object, data.expand.from, data.expand.to) : object.text;
    available.push(prop(NS.caldav, 'calendar-data', cdata(text)));
  }
  const names = propNode === undefined ? ['getetag'] : childNames(propNode);
  return { href, ...selectProps(available, { names }) };
}

/** The comp-filter tree of a calendar-query: VCALENDAR, then a component with an optional time-range. */
function queryFilter(filter: XmlValue | undefined): {
  component: string | null;
  from: Date | null;
  to: Date | null;
} {
  const outer = (child(filter, 'comp-filter') as XmlNode[] | undefined)?.[0];
  if (!outer || String(outer['@_name']).toUpperCase() !== 'VCALENDAR') {
    throw new DavError(403, { ns: NS.caldav, name: 'valid-filter' }, 'The filter must start with VCALENDAR.');
  }
  const inner = (child(outer, 'comp-filter') as XmlNode[] | undefined)?.[0];
  if (!inner) return { component: null, from: null, to: null };
  const range = asNode(child(inner, 'time-range'));
  return {
    component: String(inner['@_name']).toUpperCase(),
    from: parseUtcStamp(range['@_start']),
    to: parseUtcStamp(range['@_end']),
  };
}

/** The collection a REPORT is sent to, and its objects. */
function collectionOf(req: DavRequest): { collection: CollectionName; store: CollectionStore } {
  const { target } = req;
  const store = target.kind === 'collection' ? storeFor(req, target.collection) : null;
  if (target.kind !== 'collection' || !store) throw davNotFound();
  return { collection: target.collection, store };
}

/** The object name an href names inside the collection, or null. */
function nameIn(href: string, collectionPath: string): string | null {
  let path = href;
  try {
    path = new URL(href, 'http://x').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(collectionPath)) return null;
  const rest = path.slice(collectionPath.length);
  if (rest === '' || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/** REPORT (RFC 4791 7.8, 7.9; RFC 6578 3.2): calendar-query, calendar-multiget and sync-collection. */
export async function report(req: DavRequest): Promise<DavReply> {
  const root = parseXml(req.body);
  const [kind] = childNames(root).filter((n) => n !== '?xml');
  const body = asNode(kind ? root[kind] : undefined);
  const { collection, store } = collectionOf(req);
  const href = (name: string) => objectHref(req.user, collection, name);

  if (kind === 'calendar-query') {
    const data = dataRequest(body.prop);
    const filter = queryFilter(body.filter);
    const all = filter.component === null || filter.component === store.component ? await store.list() : [];
    const matching =
      filter.from || filter.to ? all.filter((o) => store.inRange(o, filter.from, filter.to)) : all;
    const entries = matching.map((o) => objectEntry(store, href(o.name), o, body.prop, data));
    return { status: 207, headers: XML, body: multistatus(entries) };
  }

  if (kind === 'calendar-multiget') {
    const data = dataRequest(body.prop);
    const collectionPath = `${homeHref(req.user)}${collection}/`;
    const hrefs = (body.href as string[] | undefined) ?? [];
    const entries: ResponseEntry[] = [];
    const gone: string[] = [];
    for (const h of hrefs) {
      const name = nameIn(String(h), collectionPath);
      const object = name ? await store.find(name) : undefined;
      if (object) entries.push(objectEntry(store, href(object.name), object, body.prop, data));
      else gone.push(String(h));
    }
    return { status: 207, headers: XML, body: multistatus(entries, { gone }) };
  }

  if (kind === 'sync-collection') {
    const tokenText = typeof body['sync-token'] === 'string' ? body['sync-token'] : '';
    const info = await store.info();
    const token = info.token;
    let changed: StoredObject[];
    let deleted: string[] = [];
    if (tokenText.trim() === '') {
      changed = await store.list();
    } else {
      const since = parseSyncToken(tokenText);
      if (!since || !tokenText.startsWith(req.deps.publicUrl)) {
        throw new DavError(
          403,
          { ns: NS.dav, name: 'valid-sync-token' },
          'The sync token is not one of this calendar.',
        );
      }
      ({ changed, deleted } = await store.changes(since));
    }
    const data = child(body.prop, 'calendar-data') !== undefined ? { expand: null } : null;
    const entries = changed.map((o) => objectEntry(store, href(o.name), o, body.prop, data));
    return {
      status: 207,
      headers: XML,
      body: multistatus(entries, { gone: deleted.map(href), syncToken: token }),
    };
  }

  throw new DavError(
    403,
    { ns: NS.dav, name: 'supported-report' },
    `The report ${kind ?? '(none)'} is not supported here.`,
  );
}

import { type DavReply, type DavRequest, reachable } from './context.js';
import { DavError, davNotFound } from './errors.js';
import { expandedText, objectInRange, parseUtcStamp } from './expand.js';
import type { DavObject } from './house-objects.js';
import { selectProps } from './propfind.js';
import {
  type CollectionName,
  homeHref,
  objectHref,
  objectProps,
  parseSyncToken,
  syncToken,
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
  href: string,
  object: DavObject,
  propNode: XmlValue | undefined,
  data: DataRequest,
): ResponseEntry {
  const available: PropValue[] = objectProps(object.etag, 'VEVENT');
  if (data) {
    const text = data.expand ? expandedText(object, data.expand.from, data.expand.to) : object.text;
    available.push(prop(NS.caldav, 'calendar-data', text));
  }
  const names = propNode === undefined ? ['getetag'] : childNames(propNode);
  return { href, ...selectProps(available, { names }) };
}

/** The comp-filter tree of a calendar-query: VCALENDAR, then VEVENT with an optional time-range. */
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

/** The collection a REPORT is sent to, and the house whose objects it holds. */
function collectionOf(req: DavRequest): { collection: CollectionName; houseId: number } {
  const { target, house } = req;
  if (target.kind !== 'collection' || !reachable(req).includes(target.collection) || !house)
    throw davNotFound();
  return { collection: target.collection, houseId: house.house_id };
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
  const { collection, houseId } = collectionOf(req);
  const objects = req.deps.houseObjects;
  const href = (name: string) => objectHref(req.user, collection, name);

  if (kind === 'calendar-query') {
    const data = dataRequest(body.prop);
    const filter = queryFilter(body.filter);
    const all = filter.component === null || filter.component === 'VEVENT' ? await objects.list(houseId) : [];
    const matching =
      filter.from || filter.to ? all.filter((o) => objectInRange(o, filter.from, filter.to)) : all;
    const entries = matching.map((o) => objectEntry(href(o.name), o, body.prop, data));
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
      const object = name ? await objects.find(houseId, name) : undefined;
      if (object) entries.push(objectEntry(href(object.name), object, body.prop, data));
      else gone.push(String(h));
    }
    return { status: 207, headers: XML, body: multistatus(entries, { gone }) };
  }

  if (kind === 'sync-collection') {
    const tokenText = typeof body['sync-token'] === 'string' ? body['sync-token'] : '';
    const state = await req.deps.repo.state(houseId);
    const token = syncToken(req.deps.publicUrl, state);
    let changed: DavObject[];
    const deleted: string[] = [];
    if (tokenText.trim() === '') {
      changed = await objects.list(houseId);
    } else {
      const since = parseSyncToken(tokenText);
      if (!since || !tokenText.startsWith(req.deps.publicUrl)) {
        throw new DavError(
          403,
          { ns: NS.dav, name: 'valid-sync-token' },
          'The sync token is not one of this calendar.',
        );
      }
      // Changes are found by their time: two seconds of overlap cover writes committed out of order.
      const from = new Date(Math.max(0, since.changedMs - 2000)).toISOString();
      const ids = await req.deps.repo.changedSince(houseId, from);
      changed = await objects.list(houseId, ids);
      for (const name of await req.deps.repo.deletedSince(houseId, since.tombstone)) {
        // A name used again since (an app may delete and re-create) is reported as changed instead.
        if (!(await objects.find(houseId, name))) deleted.push(name);
      }
    }
    const data = child(body.prop, 'calendar-data') !== undefined ? { expand: null } : null;
    const entries = changed.map((o) => objectEntry(href(o.name), o, body.prop, data));
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

import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { DavError } from './errors.js';

export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  cs: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
} as const;

/** The prefix each namespace is written with. */
const PREFIX: Record<string, string> = { [NS.dav]: 'd', [NS.caldav]: 'c', [NS.cs]: 'cs', [NS.apple]: 'a' };

/** A parsed request body: element names without their prefixes, attributes under `@_`. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlNode[] | string[];

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  // A few elements may repeat; the rest are read as single nodes.
  isArray: (name) => ['response', 'href', 'comp-filter', 'prop-filter', 'comp'].includes(name),
});

/** A request's XML body (an empty body is an empty document). Malformed XML is a 400. */
export function parseXml(body: unknown): XmlNode {
  const text = typeof body === 'string' ? body.trim() : '';
  if (text === '') return {};
  if (XMLValidator.validate(text) !== true)
    throw new DavError(400, null, 'The request body is not well-formed XML.');
  return parser.parse(text) as XmlNode;
}

export const child = (node: XmlValue | undefined, name: string): XmlValue | undefined =>
  node && typeof node === 'object' && !Array.isArray(node) ? node[name] : undefined;

export const asNode = (value: XmlValue | undefined): XmlNode =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** Child element names of a node (its attributes and text left out). */
export const childNames = (node: XmlValue | undefined): string[] =>
  Object.keys(asNode(node)).filter((k) => !k.startsWith('@_') && k !== '#text');

/** A property in a response: its namespace and name, and its value as builder content. */
export interface PropValue {
  ns: string;
  name: string;
  value: unknown;
}

export const prop = (ns: string, name: string, value: unknown = ''): PropValue => ({ ns, name, value });
export const qname = (ns: string, name: string) => `${PREFIX[ns] ?? 'd'}:${name}`;

export interface ResponseEntry {
  href: string;
  found: PropValue[];
  missing: PropValue[];
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  processEntities: true,
  cdataPropName: '#cdata',
});

/**
 * Text written as one CDATA section (the builder splits any `]]>` inside): calendar data, which is most
 * of a large answer, goes out as it is instead of through five entity replacements.
 */
export const cdata = (text: string) => ({ '#cdata': text });

const namespaces = Object.fromEntries(Object.entries(PREFIX).map(([ns, p]) => [`@_xmlns:${p}`, ns]));

function propObject(props: PropValue[]) {
  const out: Record<string, unknown> = {};
  for (const p of props) out[qname(p.ns, p.name)] = p.value;
  return out;
}

/** A 207 Multi-Status body: per href, the properties found (200) and those it does not have (404). */
export function multistatus(
  entries: ResponseEntry[],
  more: { gone?: readonly string[]; syncToken?: string } = {},
): string {
  const responses = entries.map((e) => {
    const propstat: unknown[] = [];
    if (e.found.length > 0) propstat.push({ 'd:prop': propObject(e.found), 'd:status': 'HTTP/1.1 200 OK' });
    if (e.missing.length > 0) {
      propstat.push({ 'd:prop': propObject(e.missing), 'd:status': 'HTTP/1.1 404 Not Found' });
    }
    return { 'd:href': e.href, 'd:propstat': propstat };
  });
  // An object that is not (or no longer) there (RFC 6578 3.5.2, RFC 4791 7.9).
  for (const href of more.gone ?? [])
    responses.push({ 'd:href': href, 'd:status': 'HTTP/1.1 404 Not Found' } as never);
  return xmlDocument({
    'd:multistatus': {
      ...namespaces,
      'd:response': responses,
      ...(more.syncToken !== undefined ? { 'd:sync-token': more.syncToken } : {}),
    },
  });
}

export function xmlDocument(root: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build(root)}`;
}

/** The DAV:error body naming the precondition a request failed. */
export function errorBody(error: DavError): string {
  const pre = error.precondition;
  const root: Record<string, unknown> = { ...namespaces };
  if (pre) root[qname(pre.ns, pre.name)] = '';
  root['d:responsedescription'] = error.message;
  return xmlDocument({ 'd:error': root });
}

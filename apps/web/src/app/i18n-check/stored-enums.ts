import * as contract from '@hearth/contract';

/*
 * The fields the API stores as one of a few fixed words ('Weekly', 'groceries', 'pending'): such a value is
 * a code, not text, so a page shows its label from the catalogue. Read from the contract's own schemas
 * (a property whose schema is a union of two or more string literals, nullable or not), so a new enum is
 * checked without keeping a list.
 */

type Schema = { [key: string]: unknown };

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

/** The string literals a schema allows (through unions), e.g. ['Daily', 'Weekly', 'Monthly']. */
function literals(schema: Schema): string[] {
  if (typeof schema.const === 'string') return [schema.const];
  if (Array.isArray(schema.enum)) return schema.enum.filter((v): v is string => typeof v === 'string');
  if (Array.isArray(schema.anyOf)) return schema.anyOf.filter(isSchema).flatMap(literals);
  return [];
}

function collect(schema: Schema, out: Set<string>, seen: Set<Schema>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  if (isSchema(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!isSchema(property)) continue;
      if (literals(property).length >= 2) out.add(name);
      collect(property, out, seen);
    }
  }
  for (const key of ['items', 'anyOf', 'allOf', 'oneOf']) {
    const inner = schema[key];
    for (const part of Array.isArray(inner) ? inner : [inner]) if (isSchema(part)) collect(part, out, seen);
  }
}

/** The names of the contract's stored enum fields: 'repeat_interval', 'category', 'status', ... */
export function storedEnumFields(): ReadonlySet<string> {
  const out = new Set<string>();
  const seen = new Set<Schema>();
  for (const value of Object.values(contract)) if (isSchema(value)) collect(value, out, seen);
  return out;
}

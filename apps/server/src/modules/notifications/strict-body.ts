import type { TSchema } from 'typebox';
import { validationError } from '../../lib/errors.js';

/*
 * The validator removes properties a schema does not name instead of refusing them. These bodies are
 * refused instead: a field the schema closes with `additionalProperties: false` is a 400 naming it, before
 * validation, so a misspelt setting is never dropped in silence.
 */

interface ObjectLike {
  properties?: Record<string, TSchema>;
  additionalProperties?: unknown;
  anyOf?: TSchema[];
  items?: TSchema;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The path of the first property `schema` does not allow in `value`, or null. */
export function unknownField(schema: TSchema, value: unknown, path = ''): string | null {
  const s = schema as ObjectLike;
  if (s.anyOf) {
    for (const branch of s.anyOf) {
      if ((branch as ObjectLike).properties && isPlainObject(value)) return unknownField(branch, value, path);
    }
    return null;
  }
  if (s.properties && isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      const sub = s.properties[key];
      if (!sub) {
        if (s.additionalProperties === false) return name;
        continue;
      }
      const found = unknownField(sub, child, name);
      if (found) return found;
    }
  }
  return null;
}

/** A preValidation hook refusing fields the body schema does not name. */
export function refuseUnknownFields(schema: TSchema) {
  return async (request: { body: unknown }) => {
    const field = unknownField(schema, request.body);
    if (field) throw validationError(field, `${field} is not a field of this request.`);
  };
}

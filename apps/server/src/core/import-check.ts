import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { AppError, validationError } from '../lib/errors.js';

/** How a record's fields are named in the API (left) and in the document (right), first match wins. */
export type FieldNames = readonly (readonly [RegExp, string])[];

type Validator = ReturnType<typeof Compile>;
const compiled = new WeakMap<TSchema, Validator>();

/** A schema issue's JSON pointer as a field path: /split/parts/0/value -> split.parts[0].value. */
function fieldOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
}

/**
 * Checks one record of an imported house document with the API's own rules: the contract schema the
 * route validates with and the rule functions its service calls. Those name fields as the API does
 * ('split.parts[0].value'); a refusal is answered with the field's path in the document instead
 * ('data.bills.expenses[3].parts[0].value'), so a person can find the value to fix.
 */
export class ImportCheck {
  constructor(
    /** The record's path in the document, e.g. data.events[3]. */
    readonly path: string,
    private readonly names: FieldNames = [],
  ) {}

  /** The check of a record inside this one (an event's override, an expense's part). */
  at(sub: string, names: FieldNames = []): ImportCheck {
    return new ImportCheck(`${this.path}${sub.startsWith('[') ? '' : '.'}${sub}`, names);
  }

  /** The document path of a field the API names `apiField`. */
  field(apiField: string): string {
    let local = apiField;
    for (const [pattern, docName] of this.names) {
      if (pattern.test(local)) {
        local = local.replace(pattern, docName);
        break;
      }
    }
    return local === '' ? this.path : `${this.path}${local.startsWith('[') ? '' : '.'}${local}`;
  }

  /** A 400 naming a field of this record (by its API name, translated). */
  refuse(apiField: string, message: string): AppError {
    const field = this.field(apiField);
    const named = apiField !== '' && message.includes(apiField);
    return validationError(field, named ? message.replace(apiField, field) : `${field}: ${message}`);
  }

  private relabel(err: unknown): unknown {
    if (!(err instanceof AppError) || err.statusCode !== 400) return err;
    return this.refuse(err.field ?? '', err.message);
  }

  /** Runs an API rule on this record; its refusal names the field by its place in the document. */
  rule<T>(check: () => T): T {
    try {
      return check();
    } catch (err) {
      throw this.relabel(err);
    }
  }

  /** Checks a value against the API's schema for it, exactly (no coercion), as the route would. */
  schema<T extends TSchema>(schema: T, value: unknown): Static<T> {
    let validator = compiled.get(schema);
    if (!validator) {
      validator = Compile(schema);
      compiled.set(schema, validator);
    }
    if (validator.Check(value)) return value as Static<T>;
    const [issue] = validator.Errors(value);
    let apiField = issue ? fieldOf(issue.instancePath) : '';
    const missing =
      issue?.keyword === 'required'
        ? (issue.params as { requiredProperties?: unknown[] }).requiredProperties
        : undefined;
    if (missing?.[0] !== undefined)
      apiField = apiField === '' ? String(missing[0]) : `${apiField}.${missing[0]}`;
    if (apiField === '') throw this.refuse('', issue?.message ?? 'is not valid');
    throw this.refuse(
      apiField,
      `${apiField} ${issue?.keyword === 'required' ? 'is required' : (issue?.message ?? 'is not valid')}.`,
    );
  }
}

import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** An issue in the shape the errors plugin names fields from. */
interface Issue {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/**
 * Validates a route with TypeBox and no coercion for the body: a document is taken exactly as it was
 * exported (the app's usual validation would turn a null into "" to satisfy a string-or-null field, so
 * a round trip would not give the same document back). Path and query text still becomes numbers.
 */
export const exactBodyValidator: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  return (input: unknown) => {
    const value = httpPart === 'body' ? input : validator.Convert(input);
    if (validator.Check(value)) return { value };
    const issues: Issue[] = validator.Errors(value).map((e) => {
      const params = { ...(e.params as Record<string, unknown>) };
      const required = params.requiredProperties;
      if (Array.isArray(required)) {
        // Name the first missing property that really is missing, as Ajv would.
        const present = new Set(Object.keys(valueAt(value, e.instancePath) ?? {}));
        params.missingProperty = required.find((p) => !present.has(String(p))) ?? required[0];
      }
      return { keyword: e.keyword, instancePath: e.instancePath, message: e.message, params };
    });
    return { error: issues as unknown as Error };
  };
};

function valueAt(root: unknown, pointer: string): Record<string, unknown> | undefined {
  let node: unknown = root;
  for (const key of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}

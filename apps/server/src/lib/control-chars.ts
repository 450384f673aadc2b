/**
 * Control characters no text field may hold: PostgreSQL cannot store U+0000 at all, and the other C0
 * controls (tab, line feed and carriage return aside) and DEL have no business in names, notes or codes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const hasUnstorableChars = (text: string) => UNSTORABLE.test(text);

/** The path (e.g. `items.0.name`) of the first string in `value` that holds such a character, or null. */
export function findUnstorable(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return hasUnstorableChars(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const here = path ? `${path}.${key}` : key;
    if (hasUnstorableChars(key)) return here;
    const found = findUnstorable(item, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The path of the first number in `value` that is not finite, or null. Validation turns the text "1e309"
 * into Infinity and lets it through the integer checks; no column can hold it.
 */
export function findNonFinite(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const found = findNonFinite(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

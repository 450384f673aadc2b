import pluralize from 'pluralize';

/**
 * The key a name is remembered under: lower case, single spaces, the last word singular, so "Potatoes",
 * "potato" and " POTATOES " are one item to the house and to the dictionary.
 */
export function nameKey(name: string): string {
  const words = name.trim().toLowerCase().replace(/\s+/gu, ' ').split(' ');
  const last = words.pop() ?? '';
  words.push(/\p{L}{3,}$/u.test(last) ? pluralize.singular(last) : last);
  return words.join(' ');
}

/**
 * What a name is searched by: its own lower-case spelling, its key and the key's plural, so typing
 * "potato", "potatoes" or "potatoe" finds it, whichever way it was written.
 */
export function searchText(name: string): string {
  const spelled = name.trim().toLowerCase().replace(/\s+/gu, ' ');
  const key = nameKey(name);
  const words = key.split(' ');
  const last = words.pop() ?? '';
  const plural = [...words, /\p{L}{3,}$/u.test(last) ? pluralize.plural(last) : last].join(' ');
  return [...new Set([spelled, key, plural])].join(' ');
}

/** The typed text as searched for: lower case, single spaces; null when there is nothing to search. */
export function searchTerm(q: string | undefined): string | null {
  const term = (q ?? '').trim().toLowerCase().replace(/\s+/gu, ' ');
  return term === '' ? null : term;
}

/** Whether a word of `text` starts with `term`. */
export function matchesTerm(text: string, term: string): boolean {
  return text.startsWith(term) || text.includes(` ${term}`);
}

/** `term` as a LIKE pattern body, with LIKE's own wildcards escaped (used with ESCAPE '\'). */
export function likeEscaped(term: string): string {
  return term.replace(/[\\%_]/gu, (c) => `\\${c}`);
}

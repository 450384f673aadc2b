import type { BillPerson } from '@hearth/contract';

/** The first line of a CSV text as fields (quotes and doubled quotes understood). */
function firstRow(text: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field.trim());
      field = '';
    } else if (c === '\n' || c === '\r') break;
    else field += c;
  }
  fields.push(field.trim());
  return fields;
}

const HEAD = ['date', 'description', 'category', 'cost', 'currency'];

/** The people columns of a Splitwise export, or null when the text does not start like one. */
export function splitwisePeople(text: string): string[] | null {
  const row = firstRow(text);
  if (row.length <= HEAD.length || HEAD.some((h, i) => row[i]?.toLowerCase() !== h)) return null;
  return row.slice(HEAD.length);
}

/** The member a Splitwise name most likely is: same full name, or same username (any case). */
export function guessMember(name: string, people: readonly BillPerson[]): number | null {
  const key = name.trim().toLowerCase();
  const found = people.filter(
    (p) =>
      p.in_house &&
      (`${p.first_name} ${p.last_name}`.trim().toLowerCase() === key || p.username.toLowerCase() === key),
  );
  return found.length === 1 ? (found[0] as BillPerson).user_id : null;
}

import type { Ingredient } from '@hearth/contract';
import { splitQuantity } from '../groceries/index.js';
import { Fraction } from './fraction.js';

/** An ingredient as kept: its amount exact ("3/2"), so sums and scaling never round. */
export interface StoredIngredient {
  text: string;
  quantity: string | null;
  unit: string | null;
  name: string;
  note: string | null;
}

const VULGAR: Record<string, string> = {
  '½': '1/2',
  '¼': '1/4',
  '¾': '3/4',
  '⅓': '1/3',
  '⅔': '2/3',
  '⅛': '1/8',
  '⅜': '3/8',
  '⅝': '5/8',
  '⅞': '7/8',
  '⅕': '1/5',
  '⅙': '1/6',
};
const VULGAR_CHARS = new RegExp(`(\\d)?\\s*([${Object.keys(VULGAR).join('')}])`, 'gu');

/** "1 ½" and "1½" as "1 1/2", "½" as "1/2"; the fraction slash as a slash. */
function plainFractions(text: string): string {
  return text
    .replace(/⁄/gu, '/')
    .replace(VULGAR_CHARS, (_m, whole: string | undefined, v: string) =>
      whole ? `${whole} ${VULGAR[v]}` : (VULGAR[v] as string),
    );
}

/** A written amount ("2", "1 1/2", "1,5", "1/3") as an exact fraction; null for ranges and anything else. */
export function readNumber(text: string): Fraction | null {
  const t = text.trim();
  const mixed = t.match(/^(\d+)\s+(\d+\/\d+)$/u);
  if (mixed) {
    const part = Fraction.parse(mixed[2]!);
    return part ? new Fraction(BigInt(mixed[1]!)).add(part) : null;
  }
  return Fraction.parse(t);
}

/**
 * Reads a recipe line into amount, unit and name with the grocery list's reader: "200 g spaghetti",
 * "2 onions, finely chopped", "1 ½ cups flour", "2 EL Olivenöl". A range ("2-3 carrots") has no single
 * amount: it is kept in the note.
 */
export function readIngredient(text: string): StoredIngredient {
  const line = text.trim().replace(/\s+/gu, ' ');
  const { name: rest, quantity } = splitQuantity(plainFractions(line));
  let name = rest;
  let note: string | null = null;
  const comma = name.indexOf(',');
  if (comma > 0) {
    note = name.slice(comma + 1).trim() || null;
    name = name.slice(0, comma).trim();
  }
  if (quantity === null) return { text: line, quantity: null, unit: null, name, note };
  const m = quantity.match(
    /^x?(?<n>\d+\s+\d+\/\d+|\d+\/\d+|\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?)(?:\s*(?<unit>\S.*))?$/u,
  );
  const amount = m?.groups?.n ? readNumber(m.groups.n) : null;
  const unit = m?.groups?.unit?.trim() || null;
  if (!amount) {
    // "2-3": the amount is the cook's choice; say so in the note rather than guess.
    return { text: line, quantity: null, unit, name, note: note ? `${quantity}, ${note}` : quantity };
  }
  return { text: line, quantity: amount.toString(), unit, name, note };
}

/** The ingredient as the API shows it (the amount as a number). */
export function toIngredient(stored: StoredIngredient): Ingredient {
  const q = stored.quantity === null ? null : Fraction.parse(stored.quantity);
  return { ...stored, quantity: q ? q.toNumber() : null };
}

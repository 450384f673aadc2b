import { Fraction } from './fraction.js';

/**
 * Units an amount can be summed in. Amounts of one family add up after converting to its base unit;
 * mass, metric volume, kitchen measures and pieces never mix (a "cup" is not a fixed number of ml).
 * Anything else (a can, a clove) only adds up with the same unit.
 */
export type UnitFamily = 'mass' | 'volume' | 'spoon' | 'piece' | `other:${string}`;

interface UnitInfo {
  family: UnitFamily;
  /** The unit's short name, as shown. */
  unit: string;
  /** How many base units (g, ml, tsp) one is. */
  factor: Fraction;
}

const f = (n: bigint, d = 1n) => new Fraction(n, d);

const KNOWN: Array<[RegExp, UnitInfo]> = [
  [/^(?:mg|milligrams?)$/u, { family: 'mass', unit: 'mg', factor: f(1n, 1000n) }],
  [/^(?:g|gr|grams?|grammes?|gramm)$/u, { family: 'mass', unit: 'g', factor: f(1n) }],
  [/^(?:kgs?|kilos?|kilograms?|kilogramm)$/u, { family: 'mass', unit: 'kg', factor: f(1000n) }],
  [/^(?:lbs?|pounds?)$/u, { family: 'mass', unit: 'lb', factor: f(45359237n, 100000n) }],
  [/^(?:oz|ounces?)$/u, { family: 'mass', unit: 'oz', factor: f(28349523125n, 1000000000n) }],
  [/^(?:ml|millilit(?:er|re)s?)$/u, { family: 'volume', unit: 'ml', factor: f(1n) }],
  [/^(?:cl|centilit(?:er|re)s?)$/u, { family: 'volume', unit: 'cl', factor: f(10n) }],
  [/^dl$/u, { family: 'volume', unit: 'dl', factor: f(100n) }],
  [/^(?:l|lt|ltrs?|lit(?:er|re)s?)$/u, { family: 'volume', unit: 'l', factor: f(1000n) }],
  [/^(?:tsp|teaspoons?|tl|teelöffel)$/u, { family: 'spoon', unit: 'tsp', factor: f(1n) }],
  [/^(?:tbsp|tablespoons?|el|esslöffel)$/u, { family: 'spoon', unit: 'tbsp', factor: f(3n) }],
  [/^cups?$/u, { family: 'spoon', unit: 'cup', factor: f(48n) }],
  [/^(?:pints?|pt)$/u, { family: 'spoon', unit: 'pint', factor: f(96n) }],
  [/^(?:quarts?|qt)$/u, { family: 'spoon', unit: 'quart', factor: f(192n) }],
  [/^(?:gallons?|gal)$/u, { family: 'spoon', unit: 'gallon', factor: f(768n) }],
  [/^(?:pieces?|pcs?|stück)$/u, { family: 'piece', unit: '', factor: f(1n) }],
  [/^(?:dozen|doz)$/u, { family: 'piece', unit: '', factor: f(12n) }],
];

const SINGULAR: Record<string, string> = { loaves: 'loaf', boxes: 'box', bunches: 'bunch' };

/** What a unit word means; null (no unit) is a count of pieces. */
export function unitInfo(unit: string | null): UnitInfo {
  if (unit === null || unit.trim() === '') return { family: 'piece', unit: '', factor: f(1n) };
  const word = unit.trim().toLowerCase().replace(/\.$/u, '');
  for (const [pattern, info] of KNOWN) if (pattern.test(word)) return info;
  const one = SINGULAR[word] ?? (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);
  return { family: `other:${one}`, unit: one, factor: f(1n) };
}

/** An amount in a family's base unit. */
export interface Amount {
  family: UnitFamily;
  base: Fraction;
  /** The units it was written in, to show the sum in one of them. */
  units: string[];
}

/** The amount `quantity unit` is, in its family's base unit. */
export function toAmount(quantity: Fraction, unit: string | null): Amount {
  const info = unitInfo(unit);
  return { family: info.family, base: quantity.mul(info.factor), units: [info.unit] };
}

/** Two amounts of one family as one; throws when the families differ (callers group by family first). */
export function addAmounts(a: Amount, b: Amount): Amount {
  if (a.family !== b.family) throw new Error(`Cannot add ${a.family} to ${b.family}.`);
  return { family: a.family, base: a.base.add(b.base), units: [...new Set([...a.units, ...b.units])] };
}

const ONE = f(1n);

/**
 * The amount in the unit people would write it in: the largest unit it was written in that gives at least
 * 1 (1/4 cup stays a quarter cup; 1 tbsp + 1 tsp is 1 1/3 tbsp), metric going up to kg or l at 1000.
 */
export function displayAmount(amount: Amount): { quantity: Fraction; unit: string | null } {
  const family = amount.family;
  if (family === 'piece') return { quantity: amount.base, unit: null };
  if (family.startsWith('other:')) return { quantity: amount.base, unit: family.slice('other:'.length) };
  const candidates = KNOWN.map(([, info]) => info)
    .filter((info) => info.family === family && amount.units.includes(info.unit))
    .sort((a, b) => b.factor.compare(a.factor));
  if (family === 'mass' && amount.base.compare(f(1000n)) >= 0 && !amount.units.includes('kg')) {
    candidates.unshift(unitInfo('kg'));
  }
  if (family === 'volume' && amount.base.compare(f(1000n)) >= 0 && !amount.units.includes('l')) {
    candidates.unshift(unitInfo('l'));
  }
  const chosen =
    candidates.find((info) => amount.base.div(info.factor).compare(ONE) >= 0) ?? candidates.at(-1) ?? null;
  if (!chosen) return { quantity: amount.base, unit: null };
  return { quantity: amount.base.div(chosen.factor), unit: chosen.unit };
}

/** The amount as a grocery item's quantity: "1.5 kg", "1 1/2 cups", "3 cans", "4". */
export function quantityText(quantity: Fraction, unit: string | null): string {
  const metric = unit !== null && ['mg', 'g', 'kg', 'ml', 'cl', 'dl', 'l'].includes(unit);
  const number = metric ? String(Math.round(quantity.toNumber() * 100) / 100) : quantity.toMixed();
  if (unit === null) return number;
  const plural = !metric && quantity.compare(ONE) > 0 && !['tsp', 'tbsp', 'oz', 'lb'].includes(unit);
  return `${number} ${plural ? pluralOf(unit) : unit}`;
}

function pluralOf(unit: string): string {
  if (unit === 'loaf') return 'loaves';
  if (/(?:x|ch|sh)$/u.test(unit)) return `${unit}es`;
  return `${unit}s`;
}

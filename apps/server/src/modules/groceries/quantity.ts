import { GROCERY_QUANTITY_MAX } from '@hearth/contract';

/** What a typed line means: the item's name, and the quantity written into it, if any. */
export interface SplitName {
  name: string;
  quantity: string | null;
}

// A number as people type it: 2, 1.5, 1,5, 1/2, 1 1/2, ½, 1½, 2-3.
const NUMBER = String.raw`\d+\s+\d+\/\d+|\d+\/\d+|\d*[½¼¾⅓⅔⅛]|\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?`;

// Units of measure, longest spelling first so "kgs" is not read as "kg" + "s".
const MEASURE = [
  'kilograms?',
  'kilos?',
  'kgs?',
  'milligrams?',
  'mg',
  'grammes?',
  'grams?',
  'gr',
  'g',
  'pounds?',
  'lbs?',
  'ounces?',
  'oz',
  'millilit(?:er|re)s?',
  'centilit(?:er|re)s?',
  'lit(?:er|re)s?',
  'ltrs?',
  'lt',
  'ml',
  'cl',
  'dl',
  'l',
  'gallons?',
  'gal',
  'pints?',
  'pt',
  'quarts?',
  'qt',
  'cups?',
  'tablespoons?',
  'tbsp',
  'teaspoons?',
  'tsp',
  // German kitchen spoons: Esslöffel (tablespoon) and Teelöffel (teaspoon).
  'esslöffel',
  'teelöffel',
  'el',
  'tl',
];
// Containers and counted pieces.
const CONTAINER = [
  'six-packs?',
  'packets?',
  'packages?',
  'packs?',
  'pkts?',
  'pks?',
  'bags?',
  'box(?:es)?',
  'cans?',
  'tins?',
  'jars?',
  'bottles?',
  'btls?',
  'cartons?',
  'bunch(?:es)?',
  'heads?',
  'loaf',
  'loaves',
  'dozen',
  'doz',
  'pieces?',
  'pcs?',
  'slices?',
  'tubs?',
  'rolls?',
  'bars?',
  'cloves?',
  'sticks?',
  'sachets?',
  'punnets?',
  'cases?',
  'crates?',
  'trays?',
  'blocks?',
  'pots?',
  'tubes?',
  'pairs?',
  'stück',
];
const UNIT = [...MEASURE, ...CONTAINER].join('|');
const ONLY_MEASURE = new RegExp(`^(?:${MEASURE.join('|')})\\.?$`, 'iu');

const WORD_NUMBERS: Record<string, string> = {
  a: '1',
  an: '1',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
};
const WORD_NUMBER = Object.keys(WORD_NUMBERS).join('|');

// A unit must end at a word boundary: "2 lemons" is 2 of "lemons", not 2 l of "emons".
const UNIT_END = String.raw`\.?(?![\p{L}\d])`;
const SEP = String.raw`(?:\s*[,:;–—-]\s*|\s+)`;
// "500g", "500 g" and "4-pack" all join a number to its unit.
const TO_UNIT = String.raw`(?:\s*|-)`;

const flags = 'iu';
const leading: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^half\s+a\s+dozen\s+(?:of\s+)?(?<name>.+)$/iu, () => '6'],
  [/^a\s+dozen\s+(?:of\s+)?(?<name>.+)$/iu, () => '12'],
  [new RegExp(String.raw`^[x×]\s*(?<n>${NUMBER})\s+(?<name>.+)$`, flags), (m) => `x${m.groups!.n}`],
  [new RegExp(String.raw`^(?<n>${NUMBER})\s*[x×]\s+(?<name>.+)$`, flags), (m) => `x${m.groups!.n}`],
  [
    new RegExp(
      String.raw`^(?<n>${NUMBER})${TO_UNIT}(?<u>${UNIT})${UNIT_END}\s+(?:of\s+)?(?<name>.+)$`,
      flags,
    ),
    (m) => `${m.groups!.n} ${m.groups!.u}`,
  ],
  [
    new RegExp(String.raw`^(?<w>${WORD_NUMBER})\s+(?<u>${UNIT})${UNIT_END}\s+(?:of\s+)?(?<name>.+)$`, flags),
    (m) => `${WORD_NUMBERS[m.groups!.w!.toLowerCase()]} ${m.groups!.u}`,
  ],
  [new RegExp(String.raw`^(?<n>${NUMBER})\s+(?<name>.+)$`, flags), (m) => m.groups!.n!],
  [
    new RegExp(String.raw`^(?<w>${Object.keys(WORD_NUMBERS).slice(3).join('|')})\s+(?<name>.+)$`, flags),
    (m) => WORD_NUMBERS[m.groups!.w!.toLowerCase()]!,
  ],
];

const trailing: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^(?<name>.+?)\s*\(\s*(?<q>[^()]+?)\s*\)$/u, (m) => quantityOnly(m.groups!.q!) ?? ''],
  [new RegExp(String.raw`^(?<name>.+?)${SEP}[x×]\s*(?<n>${NUMBER})$`, flags), (m) => `x${m.groups!.n}`],
  [new RegExp(String.raw`^(?<name>.+?)${SEP}(?<n>${NUMBER})\s*[x×]$`, flags), (m) => `x${m.groups!.n}`],
  [
    new RegExp(`^(?<name>.+?)${SEP}(?<n>${NUMBER})${TO_UNIT}(?<u>${UNIT})${UNIT_END}$`, flags),
    (m) => `${m.groups!.n} ${m.groups!.u}`,
  ],
  [new RegExp(`^(?<name>.+?)${SEP}(?<n>${NUMBER})$`, flags), (m) => m.groups!.n!],
];

/** Words after which a number is part of the name: "nappies size 4", "sun cream spf 50". */
const NUMBERED_NAME_WORD =
  /(?:^|\s)(?:size|no\.?|number|nr|#|spf|factor|stage|step|grade|type|vitamin|b|d)$/iu;

/** A text that is only a quantity ("6", "x6", "500 g"), normalised; null when it is anything else. */
function quantityOnly(text: string): string | null {
  const t = text.trim();
  let m = t.match(new RegExp(String.raw`^[x×]\s*(?<n>${NUMBER})$`, flags));
  if (m) return tidy(`x${m.groups!.n}`);
  m = t.match(new RegExp(String.raw`^(?<n>${NUMBER})\s*[x×]?$`, flags));
  if (m) return tidy(t.match(/[x×]$/iu) ? `x${m.groups!.n}` : m.groups!.n!);
  m = t.match(new RegExp(`^(?<n>${NUMBER})${TO_UNIT}(?<u>${UNIT})${UNIT_END}$`, flags));
  if (m) return tidy(`${m.groups!.n} ${m.groups!.u}`);
  return null;
}

/** One space between words, none around a fraction's slash or a range's dash, units in lower case. */
function tidy(quantity: string): string {
  return quantity
    .replace(/\s*\/\s*/gu, '/')
    .replace(/\s*([-–])\s*/gu, '$1')
    .replace(/\s+/gu, ' ')
    .replace(/\.$/u, '')
    .toLowerCase()
    .trim();
}

/** A name needs a letter in it and must not be only a linking word or a unit ("2 kg" names nothing). */
function usableName(name: string): boolean {
  return /\p{L}/u.test(name) && !/^(?:of|x|×)$/iu.test(name) && !ONLY_MEASURE.test(name);
}

/**
 * Splits a quantity written before or after an item's name out of it: "2 kg potatoes", "potatoes 2kg",
 * "eggs x6", "3 cans of tomatoes", "milk (2 l)". A line that is only a quantity, or whose number belongs to
 * the name ("nappies size 4", "7up"), stays whole.
 */
export function splitQuantity(text: string): SplitName {
  const line = text.trim().replace(/\s+/gu, ' ');
  for (const [pattern, quantityOf] of leading) {
    const m = line.match(pattern);
    if (!m) continue;
    const name = m.groups!.name!.trim();
    const quantity = tidy(quantityOf(m));
    if (usableName(name) && quantity !== '' && quantity.length <= GROCERY_QUANTITY_MAX) {
      return { name, quantity };
    }
  }
  for (const [pattern, quantityOf] of trailing) {
    const m = line.match(pattern);
    if (!m) continue;
    const name = m.groups!.name!.trim();
    const quantity = tidy(quantityOf(m));
    if (NUMBERED_NAME_WORD.test(name) && !/[a-z×]/iu.test(quantity)) continue;
    if (usableName(name) && quantity !== '' && quantity.length <= GROCERY_QUANTITY_MAX) {
      return { name, quantity };
    }
  }
  return { name: line, quantity: null };
}

import { type Cheerio, type CheerioAPI, load } from 'cheerio';
import type { Element } from 'domhandler';

/** What a page says about its recipe, before it is checked like any recipe sent. */
export interface FoundRecipe {
  title: string;
  servings: number | null;
  ingredients: string[];
  steps: string[];
  /** The picture's absolute address, if the page names one. */
  image: string | null;
  prep_minutes: number | null;
  cook_minutes: number | null;
  tags: string[];
  notes: string | null;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: Json | undefined): Json[] =>
  v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];

/** Text of a value that may hold HTML and entities ("Salt &amp; pepper", "<p>Stir</p>"), on one line. */
function plain(value: string): string {
  return load(`<div>${value}</div>`, null, false)('div').first().text().replace(/\s+/gu, ' ').trim();
}

function isType(node: JsonObject, type: string): boolean {
  return list(node['@type']).some(
    (t) => typeof t === 'string' && (t === type || t.endsWith(`/${type}`) || t.endsWith(`:${type}`)),
  );
}

/** Every object in a JSON-LD document: through arrays, @graph and nested values (mainEntity...). */
function* nodes(value: Json, depth = 0): Generator<JsonObject> {
  if (depth > 8) return;
  if (Array.isArray(value)) {
    for (const v of value) yield* nodes(v, depth + 1);
  } else if (isObject(value)) {
    yield value;
    for (const v of Object.values(value)) if (typeof v === 'object') yield* nodes(v, depth + 1);
  }
}

/** An ISO 8601 duration ("PT1H30M", "P0DT0H20M", "PT90M") in whole minutes; null when it is not one. */
export function isoMinutes(value: Json | undefined): number | null {
  if (typeof value !== 'string') return null;
  const m =
    /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/iu.exec(
      value.trim(),
    );
  if (!m || value.trim().length <= 2) return null;
  const [d, h, min, s] = [m[1], m[2], m[3], m[4]].map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  const total = Math.round(d * 1440 + h * 60 + min + s / 60);
  return total > 0 ? total : null;
}

/** "4", "4 servings", ["4", "4 portions"], 6: the first whole number, within 1-100. */
function servingsOf(value: Json | undefined): number | null {
  for (const v of list(value)) {
    const m = /\d+/u.exec(String(v));
    const n = m ? Number(m[0]) : Number.NaN;
    if (n >= 1 && n <= 100) return n;
  }
  return null;
}

function imageOf(value: Json | undefined, base: URL): string | null {
  for (const v of list(value)) {
    const href = typeof v === 'string' ? v : isObject(v) ? (v.url ?? v.contentUrl) : null;
    if (typeof href === 'string' && href.trim() !== '') {
      try {
        return new URL(href.trim(), base).toString();
      } catch {}
    }
  }
  return null;
}

/** Instructions as steps: one string (split into lines), strings, HowToStep, HowToSection (flattened). */
function stepsOf(value: Json | undefined): string[] {
  const steps: string[] = [];
  for (const v of list(value)) {
    if (typeof v === 'string') {
      const html = /<\s*(?:br|p|li)\b/iu.test(v);
      const parts = html ? v.split(/<\s*(?:br\s*\/?|\/p|\/li)\s*>/iu) : v.split(/\n+/u);
      steps.push(...parts.map(plain).filter((s) => s !== ''));
    } else if (isObject(v)) {
      if (isType(v, 'HowToSection') || (v.itemListElement !== undefined && v.text === undefined)) {
        steps.push(...stepsOf(v.itemListElement));
      } else {
        const text = typeof v.text === 'string' ? v.text : typeof v.name === 'string' ? v.name : '';
        const step = plain(text);
        if (step !== '') steps.push(step);
      }
    }
  }
  return steps;
}

function keywordsOf(value: Json | undefined): string[] {
  const words = list(value).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
  return [...new Set(words.map(plain).filter((w) => w !== ''))];
}

function fromJsonLd(node: JsonObject, base: URL): FoundRecipe | null {
  const title = typeof node.name === 'string' ? plain(node.name) : '';
  const ingredients = list(node.recipeIngredient ?? node.ingredients)
    .filter((i): i is string => typeof i === 'string')
    .map(plain)
    .filter((i) => i !== '');
  if (title === '' && ingredients.length === 0) return null;
  return {
    title,
    servings: servingsOf(node.recipeYield ?? node.yield),
    ingredients,
    steps: stepsOf(node.recipeInstructions),
    image: imageOf(node.image, base),
    prep_minutes: isoMinutes(node.prepTime),
    cook_minutes: isoMinutes(node.cookTime),
    tags: keywordsOf(node.keywords),
    notes: typeof node.description === 'string' ? plain(node.description) || null : null,
  };
}

/** A microdata property's value: content, src, datetime or href where the element has one, else its text. */
function propValue($: CheerioAPI, el: Element): string {
  const $el = $(el);
  const attr = $el.attr('content') ?? $el.attr('datetime');
  if (attr !== undefined) return attr;
  if (el.tagName === 'img') return $el.attr('src') ?? '';
  if (el.tagName === 'a' || el.tagName === 'link') return $el.attr('href') ?? $el.text();
  return $el.text().replace(/\s+/gu, ' ').trim();
}

/** Properties of this item, not of items nested in it. */
function props($: CheerioAPI, scope: Cheerio<Element>, name: string): Element[] {
  return scope
    .find(`[itemprop~="${name}"]`)
    .toArray()
    .filter((el) => $(el).parent().closest('[itemscope]').get(0) === scope.get(0));
}

function fromMicrodata($: CheerioAPI, base: URL): FoundRecipe | null {
  const scope = $('[itemscope][itemtype*="schema.org/Recipe"]').first();
  if (scope.length === 0) return null;
  const first = (name: string) => {
    const el = props($, scope, name)[0];
    return el ? propValue($, el) : undefined;
  };
  const steps: string[] = [];
  for (const el of props($, scope, 'recipeInstructions')) {
    const $el = $(el);
    if ($el.is('[itemscope]')) {
      const text = $el.find('[itemprop~="text"]').first();
      steps.push(...(text.length ? [text.text()] : [$el.text()]).map(plain));
    } else if ($el.find('li').length > 0) {
      steps.push(
        ...$el
          .find('li')
          .toArray()
          .map((li) => plain($(li).text())),
      );
    } else {
      steps.push(...stepsOf(propValue($, el)));
    }
  }
  const ingredients = [...props($, scope, 'recipeIngredient'), ...props($, scope, 'ingredients')]
    .map((el) => plain(propValue($, el)))
    .filter((i) => i !== '');
  const title = plain(first('name') ?? '');
  if (title === '' && ingredients.length === 0) return null;
  const description = first('description');
  return {
    title,
    servings: servingsOf(first('recipeYield') ?? null),
    ingredients,
    steps: steps.filter((s) => s !== ''),
    image: imageOf(first('image') ?? null, base),
    prep_minutes: isoMinutes(first('prepTime')),
    cook_minutes: isoMinutes(first('cookTime')),
    tags: keywordsOf(first('keywords') ?? null),
    notes: description ? plain(description) || null : null,
  };
}

/**
 * The page's schema.org Recipe: from its JSON-LD (in @graph, in arrays, with a list of types), else from
 * its microdata; null when it has none.
 */
export function findRecipe(html: string, pageUrl: URL): FoundRecipe | null {
  const $ = load(html);
  for (const script of $('script[type="application/ld+json"]').toArray()) {
    let doc: Json;
    try {
      doc = JSON.parse($(script).text()) as Json;
    } catch {
      continue;
    }
    for (const node of nodes(doc)) {
      if (!isType(node, 'Recipe')) continue;
      const found = fromJsonLd(node, pageUrl);
      if (found) return found;
    }
  }
  return fromMicrodata($, pageUrl);
}

const INGREDIENTS_HEADING = /^(?:ingredients?|zutaten|you will need|you'll need)\s*:?$/iu;
const STEPS_HEADING =
  /^(?:instructions?|method|directions?|steps?|preparation|zubereitung|anleitung)\s*:?$/iu;
const SERVES =
  /^(?:serves|servings|portionen|für|makes|yield)\s*:?\s*(\d+)|^(\d+)\s*(?:servings|portionen|personen)/iu;

/**
 * A recipe pasted as text: its first line is the title; lines under an "Ingredients" heading are
 * ingredients, lines under "Method"/"Instructions" (or "Zutaten"/"Zubereitung") are steps. Null without
 * ingredients.
 */
export function recipeFromText(text: string): FoundRecipe | null {
  const lines = text
    .split(/\r?\n/u)
    .map((l) => l.replace(/^\s*(?:[-*•·]|\d+[.)])\s+/u, '').trim())
    .filter((l) => l !== '');
  const title = lines.shift() ?? '';
  let part: 'intro' | 'ingredients' | 'steps' = 'intro';
  let servings: number | null = null;
  const ingredients: string[] = [];
  const steps: string[] = [];
  const notes: string[] = [];
  for (const line of lines) {
    if (INGREDIENTS_HEADING.test(line)) part = 'ingredients';
    else if (STEPS_HEADING.test(line)) part = 'steps';
    else if (part === 'intro' && SERVES.test(line)) {
      const m = SERVES.exec(line);
      servings = Math.min(100, Math.max(1, Number(m?.[1] ?? m?.[2])));
    } else if (part === 'ingredients') ingredients.push(line);
    else if (part === 'steps') steps.push(line);
    else notes.push(line);
  }
  if (title === '' || ingredients.length === 0) return null;
  return {
    title,
    servings,
    ingredients,
    steps,
    image: null,
    prep_minutes: null,
    cook_minutes: null,
    tags: [],
    notes: notes.length ? notes.join('\n') : null,
  };
}

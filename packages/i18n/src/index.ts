/*
 * Hearth's message catalogue, shared by the web app and the server (sign-in pages, emails). Messages are
 * ICU MessageFormat ("{count, plural, one {# item} other {# items}}"), one JSON file per namespace and
 * language under locales/. English is the source; German is typed against it, so a missing key fails the
 * type-check (and the catalogue test in the web app). The whole catalogues are '@hearth/i18n/en' and
 * '@hearth/i18n/de'; one namespace is '@hearth/i18n/locales/<lang>/<ns>.json' (the web app imports them
 * one by one, into the chunks it loads). This module holds no messages, so importing it (languages, week
 * starts, the namespaces' names) costs the browser none.
 */
import type { en } from './en.js';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, as shown in the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

export type Catalogue = typeof en;
export type Namespace = keyof Catalogue;
export const NAMESPACES = [
  'common',
  'auth',
  'users',
  'home',
  'tasks',
  'bills',
  'houses',
  'events',
  'reminders',
  'groceries',
  'meals',
  'idp',
  'notifications',
  'assistant',
  'webhooks',
] as const satisfies readonly Namespace[];

/** The same shape as `T` with every message a string: what a translation must provide. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language among BCP 47 tags in order of preference ('de-AT' is German); English when
 * none is supported.
 */
export function pickLanguage(preferred: readonly (string | null | undefined)[]): Language {
  for (const tag of preferred) {
    const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The tags of an Accept-Language header, most wanted first ('de-DE,de;q=0.9,en;q=0.8'). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/**
 * The first day of the week in a locale (1 = Monday ... 7 = Sunday), from `Intl.Locale#getWeekInfo` (or
 * the older `weekInfo` property) where the runtime has it, else from the region: Sunday in the Americas
 * and a few others, Saturday in parts of the Middle East, Monday elsewhere (ISO 8601).
 */
export function firstDayOfWeek(locale: string): number {
  try {
    const loc = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = typeof loc.getWeekInfo === 'function' ? loc.getWeekInfo() : loc.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay;
    const region = loc.maximize().region ?? '';
    if (SUNDAY_FIRST.has(region)) return 7;
    if (SATURDAY_FIRST.has(region)) return 6;
  } catch {
    // An unknown tag: ISO weeks.
  }
  return 1;
}

const SUNDAY_FIRST = new Set(
  'AG AS BR BS BT BW BZ CA CN CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(
    ' ',
  ),
);
const SATURDAY_FIRST = new Set('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));

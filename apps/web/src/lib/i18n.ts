/*
 * The web app's language: ICU messages (precompiled at build time) formatted by intl-messageformat. Each
 * language is one chunk of its whole catalogue (see i18n/catalogue.ts), loaded before the app first renders
 * and when someone switches. The choice is the profile's `language`, else the browser's languages; the last
 * language used is kept on the device so a reload shows the right one before the profile loads.
 */
import { memoize, strategies } from '@formatjs/fast-memoize';
import { DEFAULT_LANGUAGE, isLanguage, type Language, pickLanguage } from '@hearth/i18n';
import IntlMessageFormat, { type PrimitiveType } from 'intl-messageformat';
import { useSyncExternalStore } from 'react';
import { fetchLanguage, loaded, type Message, type Messages, type WebNamespace } from './i18n/catalogue';
import type { Key } from './i18n/keys';

export type { Key } from './i18n/keys';

/** Where the last language used is kept on this device. */
const LAST_LANGUAGE_KEY = 'hearth.language';

/** A language as the browser spells it in its own list (`de` -> `de-AT`), else the language itself. */
export function spelledByBrowser(lang: string, tags: readonly string[]): string {
  return tags.find((tag) => tag.toLowerCase().split('-')[0] === lang) ?? lang;
}

/** The arguments of a message: `t('common:items', { count: 3 })`. */
export type Values = Record<string, PrimitiveType>;

let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<(lang: Language) => void>();

/** The language the app is shown in now. */
export function language(): Language {
  return current;
}

/** Calls `listener` after each change of language; returns the function that stops it. */
export function onLanguageChange(listener: (lang: Language) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current language, for a component: it renders again when the language changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, language, language);
}

/** Loads the catalogue of `lang` (the current language by default); each is fetched once. */
export function loadCatalogue(lang: Language = current): Promise<void> {
  return fetchLanguage(lang);
}

/** The language to show for a profile choice (null: follow the browser). */
export function resolveLanguage(choice: Language | null | undefined): Language {
  return choice ?? pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
}

let switches = 0;

/**
 * Shows the app in `lang`: loads its catalogue first, then switches, sets `<html lang>` and remembers it on
 * this device. When switches overlap, the last one asked for wins.
 */
export async function switchLanguage(lang: Language): Promise<void> {
  const mine = ++switches;
  await fetchLanguage(lang);
  // English is every other language's fallback: loaded too, after the chosen one.
  if (lang !== 'en') void fetchLanguage('en').catch(() => undefined);
  if (mine !== switches) return;
  const changed = current !== lang;
  current = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(LAST_LANGUAGE_KEY, lang);
  } catch {
    // Storage may be unavailable (private mode): the profile still decides after it loads.
  }
  if (changed) for (const listener of [...listeners]) listener(lang);
}

/** The language to start with: the one last used on this device, else the browser's. */
export function startingLanguage(): Language {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(LAST_LANGUAGE_KEY);
  } catch {
    kept = null;
  }
  return isLanguage(kept) ? kept : resolveLanguage(null);
}

/** The BCP 47 locale for Intl formatting: the browser's own tag when it speaks the app's language. */
export function currentLocale(): string {
  return spelledByBrowser(current, typeof navigator === 'undefined' ? [] : navigator.languages);
}

function find(lang: Language, ns: WebNamespace, path: string): Message | undefined {
  let node: Message | Messages | undefined = loaded[lang][ns];
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' || Array.isArray(node) ? node : undefined;
}

// One formatter per language and message, made the first time the message is shown.
const formatters = new Map<string, IntlMessageFormat>();

/*
 * Every message of a language shares its Intl number, date and plural formatters, and its locale is taken
 * as it is: IntlMessageFormat otherwise makes formatters for each message and looks the locale up among
 * the ones Intl supports (a lookup that cost a slow phone ~70 ms of the first page), which only its
 * message parser needs, and messages arrive here already parsed.
 */
const locales = new Map<string, Intl.Locale>();
IntlMessageFormat.resolveLocale = (wanted) => {
  const tag = (Array.isArray(wanted) ? wanted[0] : wanted) ?? DEFAULT_LANGUAGE;
  let locale = locales.get(tag);
  if (!locale) {
    locale = new Intl.Locale(tag);
    locales.set(tag, locale);
  }
  return locale;
};
type Formatters = NonNullable<ConstructorParameters<typeof IntlMessageFormat>[3]>['formatters'];
const sharedFormatters = new Map<Language, Formatters>();
function formattersFor(lang: Language): Formatters {
  let shared = sharedFormatters.get(lang);
  if (!shared) {
    const options = { strategy: strategies.variadic };
    shared = {
      getNumberFormat: memoize(
        (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
        options,
      ),
      getDateTimeFormat: memoize(
        (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
        options,
      ),
      getPluralRules: memoize(
        (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
        options,
      ),
    };
    sharedFormatters.set(lang, shared);
  }
  return shared;
}

/** The message in `lang`, formatted; undefined when it is not loaded or its arguments do not fit. */
function format(lang: Language, key: string, values: Values | undefined): string | undefined {
  const colon = key.indexOf(':');
  const ns = (colon < 0 ? 'common' : key.slice(0, colon)) as WebNamespace;
  const path = key.slice(colon + 1);
  const message = find(lang, ns, path);
  if (typeof message !== 'object') return message;
  const id = `${lang} ${ns}:${path}`;
  let formatter = formatters.get(id);
  if (!formatter) {
    formatter = new IntlMessageFormat(message, lang, undefined, { formatters: formattersFor(lang) });
    formatters.set(id, formatter);
  }
  try {
    const out = formatter.format(values);
    return Array.isArray(out) ? out.join('') : String(out);
  } catch {
    // A missing or wrong argument (a bug the key shows).
    return undefined;
  }
}

/** Translates a key in a given language (English when it lacks the message, else the key itself). */
export function tIn(lang: Language, key: Key, values?: Values): string {
  return format(lang, key, values) ?? (lang === 'en' ? undefined : format('en', key, values)) ?? key;
}

/**
 * Translates a catalogue key: `t('groceries:addItem')`, `t('items', { count })` (namespace `common`).
 * Components may call it while rendering: the app remounts its pages when the language changes (see
 * LanguageRoot), so no text stays in the old language. A key whose namespace is not loaded yet gives the
 * key back.
 */
export function t(key: Key, values?: Values): string {
  return tIn(current, key, values);
}

/**
 * A map of labels read from the catalogue each time one is used (not once when the module loads), so a
 * module-level table such as a category's names follows the current language.
 */
export function labels<K extends string>(keys: Record<K, Key>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const [name, key] of Object.entries(keys) as [K, Key][]) {
    Object.defineProperty(out, name, { get: () => t(key), enumerable: true });
  }
  return out;
}

/**
 * Choices for a select whose labels are read from the catalogue each time they are shown, like `labels`:
 * `options([['weeks', () => t('bills:everyUnits.weeks')], ...])`.
 */
export function options<V extends string>(
  entries: readonly (readonly [V, () => string])[],
): { value: V; label: string }[] {
  return entries.map(([value, label]) => ({
    value,
    get label() {
      return label();
    },
  }));
}

/*
 * The web app's language: i18next with ICU messages. English ships in the first bundle; German is fetched
 * (its own chunk) only when chosen. The choice is the profile's `language`, else the browser's languages;
 * the last language used is kept on the device so a reload shows the right one before the profile loads.
 */
import { en, isLanguage, LANGUAGES, type Language, NAMESPACES, pickLanguage } from '@hearth/i18n';
import i18next, { type ParseKeys } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';

const LAST_LANGUAGE = 'hearth.language';

void i18next
  .use(ICU)
  .use(initReactI18next)
  .init({
    resources: { en },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });

export { i18next };

/** The language to show for a profile choice (null: follow the browser). */
export function resolveLanguage(choice: Language | null | undefined): Language {
  return choice ?? pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
}

async function loadCatalogue(lang: Language): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'common')) return;
  const { de } = await import('@hearth/i18n/de');
  for (const ns of NAMESPACES) i18next.addResourceBundle(lang, ns, de[ns], true, true);
}

/** Shows the app in `lang`: loads its catalogue, switches i18next and `<html lang>`, remembers it here. */
export async function switchLanguage(lang: Language): Promise<void> {
  await loadCatalogue(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(LAST_LANGUAGE, lang);
  } catch {
    // Storage may be unavailable (private mode): the profile still decides after it loads.
  }
}

/** The language to start with: the one last used on this device, else the browser's. */
export function startingLanguage(): Language {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(LAST_LANGUAGE);
  } catch {
    kept = null;
  }
  return isLanguage(kept) ? kept : resolveLanguage(null);
}

/** The BCP 47 locale for Intl formatting: the browser's own tag when it speaks the app's language. */
export function currentLocale(): string {
  const lang = i18next.language || 'en';
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return browser.find((tag) => tag.toLowerCase().split('-')[0] === lang) ?? lang;
}

/**
 * Translates a catalogue key: `t('groceries:addItem')`. Components may call it while rendering: the app
 * remounts its pages when the language changes (see LanguageRoot), so no text stays in the old language.
 */
export const t = i18next.t.bind(i18next) as typeof i18next.t;

/** A catalogue key with its namespace, e.g. 'groceries:categories.produce'. */
type Key = ParseKeys<typeof NAMESPACES>;

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

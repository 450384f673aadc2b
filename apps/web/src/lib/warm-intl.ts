/** Where the app keeps the language chosen on this device (see i18n.ts). */
export const LAST_LANGUAGE_KEY = 'hearth.language';

/** A language as the browser spells it in its own list (`de` -> `de-AT`), else the language itself. */
export function spelledByBrowser(lang: string, tags: readonly string[]): string {
  return tags.find((tag) => tag.toLowerCase().split('-')[0] === lang) ?? lang;
}

/**
 * The first Intl object of each kind loads its locale's data: on a phone some 10-30 ms apiece, spent inside
 * whatever first showed a date, an amount or a count, which made that a long task once the page was up.
 * The build runs this inline in index.html's body, before the spinner, so always before the first paint: by
 * then every script and the sign-in settings are asked for, so the work fills the time the page spends
 * waiting for them (after the paint it was a long task of its own).
 *
 * The locale is the app's guess (the language kept on this device, as the browser spells it, else the
 * browser's first language); a wrong guess only warms less. The build inlines its source, so it names
 * nothing from outside itself: `spell` is spelledByBrowser, inlined beside it.
 */
export function warmIntl(languageKey: string, spell: typeof spelledByBrowser): void {
  try {
    let kept: string | null = null;
    try {
      kept = localStorage.getItem(languageKey);
    } catch {
      // No storage: the browser's languages decide.
    }
    const tags = navigator.languages ?? [];
    const locale = kept ? spell(kept, tags) : tags[0] || 'en';
    Intl.DateTimeFormat().resolvedOptions().timeZone;
    new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(0);
    new Intl.PluralRules(locale).select(1);
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1);
  } catch {
    // A locale this browser rejects: the app builds its formatters later, as it would anyway.
  }
}

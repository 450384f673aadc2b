/*
 * Where the web app's messages come from. English `common` and `auth` (the sign-in screen, the app's
 * frame) come with the first download; every other English namespace comes in one more chunk, fetched
 * with the first page that needs any of them; German is one chunk with all of its namespaces. The
 * server's sign-in pages (idp) never reach the browser. Messages arrive compiled
 * (build/precompile-messages.ts): a string, or an ICU tree.
 */
import { type Catalogue, type Language, NAMESPACES } from '@hearth/i18n';
import auth from '@hearth/i18n/locales/en/auth.json';
import common from '@hearth/i18n/locales/en/common.json';
import type IntlMessageFormat from 'intl-messageformat';

/** A compiled message: its text when it has no argument, else the tree IntlMessageFormat takes. */
export type Message = ConstructorParameters<typeof IntlMessageFormat>[0];
export type Messages = { [key: string]: Message | Messages };

/** Namespaces only the server uses (its sign-in pages, the MCP server's answers): no web code may use their keys. */
export const SERVER_ONLY_NAMESPACES = ['idp', 'assistant'] as const;
export type WebNamespace = Exclude<keyof Catalogue, (typeof SERVER_ONLY_NAMESPACES)[number]>;

/** The namespaces in the first download: the screens shown before anything else can load. */
const FIRST = ['common', 'auth'] as const;
export type LaterNamespace = Exclude<WebNamespace, (typeof FIRST)[number]>;

/** Every namespace fetched later (English's second chunk, en-later.ts, which lists each by its type). */
export const LATER_NAMESPACES = NAMESPACES.filter(
  (ns): ns is LaterNamespace =>
    !(FIRST as readonly string[]).includes(ns) && !(SERVER_ONLY_NAMESPACES as readonly string[]).includes(ns),
);

/** The messages loaded so far, per language and namespace. */
export const loaded: Record<Language, Partial<Record<WebNamespace, Messages>>> = {
  en: { common, auth },
  de: {},
};

// Each fetch runs once: callers share its promise; a failed one is forgotten so a later call tries again.
const pending = new Map<string, Promise<void>>();

function once(id: string, load: () => Promise<void>): Promise<void> {
  let promise = pending.get(id);
  if (!promise) {
    promise = load().catch((err: unknown) => {
      pending.delete(id);
      throw err;
    });
    pending.set(id, promise);
  }
  return promise;
}

// Every language but English: one chunk each, with all of its web namespaces. English's later namespaces
// are one chunk too: a signed-in page needs four to eight of them, and each file of its own would wait for
// one of the six connections the browser keeps to the server.
const TRANSLATIONS: Record<Exclude<Language, 'en'>, () => Promise<Record<WebNamespace, Messages>>> = {
  de: async () => (await import('./de')).de,
};
const englishLater = async () => (await import('./en-later')).enLater;

/**
 * Fetches what `lang` needs: a translation whole (its first screen needs it); of English, the later
 * namespaces (all of them, when any is wanted; its first ones are already here).
 */
export async function fetchLanguage(lang: Language, wanted: Iterable<LaterNamespace>): Promise<void> {
  if (lang !== 'en') {
    const load = TRANSLATIONS[lang];
    await once(lang, async () => {
      Object.assign(loaded[lang], await load());
    });
    return;
  }
  if ([...wanted].length === 0) return;
  await once('en', async () => {
    Object.assign(loaded.en, await englishLater());
  });
}

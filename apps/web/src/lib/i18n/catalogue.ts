/*
 * Where the web app's messages come from: one chunk per language, holding every namespace of its locale
 * folder (packages/i18n/src/locales/<lang>/*.json) but the server's own (SERVER_ONLY_NAMESPACES). Messages arrive
 * compiled (build/precompile-messages.ts): a string, or an ICU tree.
 */
import type { Catalogue, Language } from '@hearth/i18n';
import type IntlMessageFormat from 'intl-messageformat';

/** A compiled message: its text when it has no argument, else the tree IntlMessageFormat takes. */
export type Message = ConstructorParameters<typeof IntlMessageFormat>[0];
export type Messages = { [key: string]: Message | Messages };

/** Namespaces only the server uses (its sign-in pages, the MCP server's answers): no web code may use their keys. */
export const SERVER_ONLY_NAMESPACES = ['idp', 'assistant'] as const;
export type WebNamespace = Exclude<keyof Catalogue, (typeof SERVER_ONLY_NAMESPACES)[number]>;
export type LanguageMessages = Partial<Record<WebNamespace, Messages>>;

/** A locale folder's files (import.meta.glob's answer) by namespace: 'locales/en/tasks.json' is 'tasks'. */
export function byNamespace(files: Record<string, Messages>): LanguageMessages {
  return Object.fromEntries(
    Object.entries(files).map(([path, messages]) => [/([\w-]+)\.json$/.exec(path)?.[1], messages]),
  );
}

const CHUNKS: Record<Language, () => Promise<LanguageMessages>> = {
  en: async () => (await import('./en')).messages,
  de: async () => (await import('./de')).messages,
};

/** The messages loaded so far, per language. */
export const loaded: Record<Language, LanguageMessages> = { en: {}, de: {} };

// Each language is fetched once: callers share its promise; a failed fetch is forgotten so a later call tries again.
const pending = new Map<Language, Promise<void>>();

/** Fetches the catalogue of `lang` (one chunk). */
export function fetchLanguage(lang: Language): Promise<void> {
  let promise = pending.get(lang);
  if (!promise) {
    promise = CHUNKS[lang]().then(
      (messages) => {
        loaded[lang] = messages;
      },
      (err: unknown) => {
        pending.delete(lang);
        throw err;
      },
    );
    pending.set(lang, promise);
  }
  return promise;
}

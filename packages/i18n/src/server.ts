/*
 * Messages on the server (the built-in sign-in pages, emails): one i18next instance holding every language,
 * ready synchronously. `translator(lang)` gives a `t` bound to that language.
 */
import { createInstance, type TFunction } from 'i18next';
import ICU from 'i18next-icu';
import { de } from './de.js';
import { en } from './en.js';
import { type Catalogue, DEFAULT_LANGUAGE, type Language, NAMESPACES } from './index.js';

export * from './index.js';

const instance = createInstance();
void instance.use(ICU).init({
  resources: { en, de },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  // The server escapes what it writes into HTML itself.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** A `t` that takes keys of every namespace ('idp:signIn.title', 'notifications:...'). */
export type ServerT = TFunction<typeof NAMESPACES>;

const bound = new Map<Language, ServerT>();

/** A `t` for one language: `translator('de')('idp:signIn.title')`. */
export function translator(lang: Language): ServerT {
  let t = bound.get(lang);
  if (!t) {
    t = instance.getFixedT(lang, [...NAMESPACES]) as ServerT;
    bound.set(lang, t);
  }
  return t;
}

// Typed keys wherever the server's i18next is used: `t('idp:signIn.title')` is checked against the English
// catalogue. (Here, not in index.ts: the web app has no i18next.)
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalogue;
  }
}

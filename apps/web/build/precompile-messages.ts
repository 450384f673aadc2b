import type { Plugin } from 'vite';
import { compileCatalogue } from '../src/app/i18n-check/compile-messages';

/*
 * The message catalogue, compiled when the app is built (and tested): each locale JSON file
 * (packages/i18n/src/locales/<lang>/<ns>.json) is imported with its ICU messages already parsed, so the
 * browser build leaves the ICU parser out. A message that does not parse fails the build, naming the file
 * and the key.
 */

// The path from the repository's root, and the language.
const LOCALE_FILE = /packages[\\/]i18n[\\/]src[\\/]locales[\\/]([a-z]{2})[\\/][\w-]+\.json$/;

export function precompileMessages(): Plugin {
  return {
    name: 'hearth:precompile-messages',
    // Before Vite's own JSON plugin, which then makes a module of the compiled JSON as of any other.
    enforce: 'pre',
    config(_config, { command }) {
      // The browser build gets formatjs's parser-free entry (its documented way to drop the parser when
      // messages are precompiled). Tests and the dev server keep the parser: the catalogue test uses it.
      if (command !== 'build') return;
      return {
        resolve: {
          alias: [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ],
        },
      };
    },
    transform: {
      filter: { id: LOCALE_FILE },
      handler(code, id) {
        const [file, lang] = LOCALE_FILE.exec(id) as unknown as [string, string];
        try {
          return { code: JSON.stringify(compileCatalogue(JSON.parse(code), lang, file)), map: null };
        } catch (err) {
          const message = (err as Error).message;
          this.error(message.startsWith(file) ? message : `${file}: ${message}`);
        }
      },
    },
  };
}

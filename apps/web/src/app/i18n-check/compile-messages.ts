import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

/*
 * The catalogue's messages compiled for the browser (the build runs this on every locale file, see
 * build/precompile-messages.ts): a message with no argument stays a plain string (smaller than its tree,
 * and needs no formatter); any other becomes the tree IntlMessageFormat accepts in place of the text, so
 * the browser needs no ICU parser.
 */

export type CompiledMessage = string | MessageFormatElement[];
export type CompiledTree = { [key: string]: CompiledMessage | CompiledTree };
type SourceTree = { [key: string]: unknown };

/** The message compiled: its text when it is only text (quotes such as '' already undone), else its tree. */
export function compileMessage(message: string, lang: string): CompiledMessage {
  // As i18next-icu parses on the server: tags are text, not elements.
  const ast = parse(message, { ignoreTag: true, locale: new Intl.Locale(lang) });
  return ast.every((el) => el.type === TYPE.literal) ? ast.map((el) => el.value).join('') : ast;
}

function compileTree(tree: SourceTree, lang: string, file: string, prefix: string): CompiledTree {
  const out: CompiledTree = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      out[key] = compileTree(value as SourceTree, lang, file, `${path}.`);
      continue;
    }
    if (typeof value !== 'string') throw new Error(`${file}: "${path}" is neither a message nor a group`);
    try {
      out[key] = compileMessage(value, lang);
    } catch (err) {
      const { message, originalMessage, location } = err as Error & {
        originalMessage?: string;
        location?: { start: { offset: number } };
      };
      const at = location ? ` at character ${location.start.offset + 1}` : '';
      const detail = originalMessage ? `: ${originalMessage}` : '';
      throw new Error(`${file}: "${path}" is not valid ICU MessageFormat (${message}${at}${detail})`);
    }
  }
  return out;
}

/** Every message of one locale file (`file`, named in errors) compiled; throws at the first invalid one. */
export function compileCatalogue(tree: SourceTree, lang: string, file: string): CompiledTree {
  return compileTree(tree, lang, file, '');
}

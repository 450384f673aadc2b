import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse as parseIcu, TYPE } from '@formatjs/icu-messageformat-parser';
import { NAMESPACES } from '@hearth/i18n';
import { describe, expect, it } from 'vitest';
import { SERVER_ONLY_NAMESPACES } from '../lib/i18n/catalogue';
import { compileCatalogue } from './i18n-check/compile-messages';
import { findLiterals, findSentences, looksLikeSentence } from './i18n-check/find-literals';
import { storedEnumFields } from './i18n-check/stored-enums';

/*
 * Every text people read or hear comes from the message catalogue: no component renders a literal, German
 * has every English message (with the same placeholders), every message is valid ICU, and no English
 * message is left that nothing uses.
 */

const SRC = join(dirname(new URL(import.meta.url).pathname), '..');
const REPO = join(SRC, '..', '..', '..');
const LOCALES = join(REPO, 'packages', 'i18n', 'src', 'locales');

function files(dir: string, test: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, test);
    return test(path) ? [path] : [];
  });
}

const components = files(SRC, (p) => p.endsWith('.tsx') && !p.endsWith('.test.tsx') && !p.includes('/test/'));

// Every module of the app: helpers and constants build texts too. The service worker has no catalogue
// (its fallback texts come with the push payload), and the check's own code names example strings.
const modules = files(
  SRC,
  (p) =>
    /\.tsx?$/.test(p) &&
    !p.includes('.test.') &&
    !p.includes('/test/') &&
    !p.includes('/sw/') &&
    !p.includes('/i18n-check/'),
);

type Tree = { [key: string]: string | Tree };

// The catalogue as written (the app imports it compiled, see build/precompile-messages.ts).
const read = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Tree;
const en = Object.fromEntries(NAMESPACES.map((ns) => [ns, read('en', ns)]));
const de = Object.fromEntries(NAMESPACES.map((ns) => [ns, read('de', ns)]));

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : leaves(value, `${prefix + key}.`),
  );
}

/** The argument names a message uses ({name}, {count, plural, ...}), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<typeof parseIcu>) => {
    for (const el of elements) {
      if (
        el.type === TYPE.argument ||
        el.type === TYPE.number ||
        el.type === TYPE.date ||
        el.type === TYPE.time
      )
        names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        names.add(el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      }
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parseIcu(message));
  return [...names].sort();
}

/**
 * Braces a message would show as text: a '}' too many (or a '{') that is not quoted ('{'), which the
 * parser takes as text and so reaches the screen.
 */
function strayBraces(message: string): string[] {
  if (/'[{}]/.test(message)) return [];
  const found: string[] = [];
  const walk = (elements: ReturnType<typeof parseIcu>) => {
    for (const el of elements) {
      if (el.type === TYPE.literal && /[{}]/.test(el.value)) found.push(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) walk(option.value);
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parseIcu(message));
  return found;
}

/**
 * Keys named by a number after a word (`editReminder2`, `weCouldnTLoadThe3`): a second message that got the
 * first one's name, which tells a reader nothing. A key that is a number as a whole (`httpStatus.404`) is a
 * value picked from data and stays.
 */
function numberedKeys(tree: Tree): string[] {
  return leaves(tree)
    .map(([key]) => key)
    .filter((key) => key.split('.').some((part) => /\D\d+$/.test(part)));
}

describe('no literal text in components', () => {
  it('finds literal text, user-visible attributes and shown strings in a planted component', () => {
    const planted = `
      export function Planted({ busy, name }: { busy: boolean; name: string }) {
        return (
          <section aria-label="Planted section" className="flex gap-2" id="planted">
            <h2>Hello there</h2>
            <input placeholder={'Type here'} type="text" />
            <img alt={\`Photo of \${name}\`} src="/x.png" />
            <p>{busy ? 'Saving...' : t('common:save')}</p>
            <span>{t('common:ok')} · 3 / 4</span>
          </section>
        );
      }`;
    expect(findLiterals(planted).map((l) => l.text)).toEqual([
      'Planted section',
      'Hello there',
      'Type here',
      'Photo of',
      'Saving...',
    ]);
  });

  it('leaves catalogue calls, class names and symbols alone', () => {
    const clean = `export const C = () => (
      <div className="p-4" role="status" aria-label={t('loadingPage')}>{t('menu')} – {count} · …</div>
    );`;
    expect(findLiterals(clean)).toEqual([]);
  });

  it('finds an English default of a shown prop, as CancelButton and ConfirmDialogPanel had', () => {
    const old = `
      export function CancelButton({ children = 'Cancel', disabled, ...props }: ButtonProps) {
        return <Button disabled={disabled} {...props}>{children}</Button>;
      }
      export function Panel({ cancelLabel = 'Cancel', confirmText: text = 'Go on', destructive = false }) {
        return <div className={destructive ? 'a' : 'b'}>{cancelLabel}{text}</div>;
      }
      function title(heading = \`Untitled\`) { return heading; }`;
    expect(findLiterals(old).map((l) => `${l.where}: ${l.text}`)).toEqual([
      'children default: Cancel',
      'cancelLabel default: Cancel',
      'confirmText default: Go on',
      'heading default: Untitled',
    ]);
    const fixed = `export function CancelButton({ children = t('cancel'), variant = 'secondary' }) {
      return <Button variant={variant}>{children}</Button>;
    }`;
    expect(findLiterals(fixed)).toEqual([]);
  });

  it('finds a stored enum value shown without its label, as the reminder pages showed the repeat', () => {
    const enumFields = storedEnumFields();
    expect([...enumFields]).toEqual(expect.arrayContaining(['repeat_interval', 'category', 'status']));
    const old = `
      export function Card({ reminder }: { reminder: Reminder }) {
        const { repeat_interval } = reminder;
        return (
          <div title={\`Repeats \${reminder.repeat_interval}\`}>
            {repeat_interval && <Repeat aria-hidden="true" />}
            {repeat_interval ?? t('reminders:none')}
            <span>{t('reminders:repeats')} {reminder.repeat_interval}</span>
            <span>{expense?.category}</span>
          </div>
        );
      }`;
    expect(
      findLiterals(old, 'old.tsx', { enumFields }).map((l) => `${l.line}: ${l.where}: ${l.text}`),
    ).toEqual([
      '5: title: Repeats',
      '5: title (stored value): repeat_interval',
      '7: text (stored value): repeat_interval',
      '8: text (stored value): repeat_interval',
      '9: text (stored value): category',
    ]);
    const fixed = `export const Card = ({ reminder }) => (
      <div data-repeat={reminder.repeat_interval}>
        {reminder.repeat_interval && <Repeat aria-hidden="true" />}
        {reminder.repeat_interval ? repeatLabel(reminder.repeat_interval) : t('reminders:none')}
        {CATEGORY_LABELS[expense.category]}
      </div>
    );`;
    expect(findLiterals(fixed, 'fixed.tsx', { enumFields })).toEqual([]);
  });

  const enumFields = storedEnumFields();
  it.each(components.map((path) => [relative(SRC, path), path]))('%s has none', (_name, path) => {
    const found = findLiterals(readFileSync(path, 'utf8'), path, { enumFields });
    expect(found.map((l) => `${l.line}: ${l.where}: ${l.text}`)).toEqual([]);
  });
});

describe('no English sentences built outside the catalogue', () => {
  it('finds messages, option labels and sentences in a planted helper module', () => {
    const planted = `
      import { t } from '../lib/i18n';
      export const LOAD_FAILED = 'We couldn’t load your house’s things.';
      const OPTIONS = [{ value: 'weeks', label: 'Weeks' }, { value: 'months', label: t('bills:x') }];
      export function splitError(total: number) {
        if (total > 100) return { error: \`Percentages must add up to 100 (now \${total}).\` };
        console.error('Error saving the thing:', total);
        return total === 0 ? 'Waiting to send' : null;
      }
      const CLASSES = 'inline-flex items-center text-sm';
      const QUERY = '(prefers-color-scheme: dark)';
      const KEY = 'tasks:filter.mine';
      export const file = \`hearth-\${KEY}.json\`;
      type Kind = 'Some literal type';`;
    expect(findSentences(planted).map((l) => l.text)).toEqual([
      'We couldn’t load your house’s things.',
      'Weeks',
      'Percentages must add up to 100 (now x ).',
      'Waiting to send',
    ]);
  });

  it('tells sentences from code strings', () => {
    expect(looksLikeSentence('Failed to fetch devices')).toBe(true);
    expect(looksLikeSentence('Enter the amount first.')).toBe(true);
    expect(looksLikeSentence('flex gap-2 text-muted')).toBe(false);
    expect(looksLikeSentence('AE:AED AF:AFN AG:XCD')).toBe(false);
    expect(looksLikeSentence('Chrome')).toBe(false);
  });

  it.each(modules.map((path) => [relative(SRC, path), path]))('%s has none', (_name, path) => {
    const found = findSentences(readFileSync(path, 'utf8'), path);
    expect(found.map((l) => `${l.line}: ${l.where}: ${l.text}`)).toEqual([]);
  });
});

describe('the catalogue', () => {
  const english = NAMESPACES.flatMap((ns) =>
    leaves(en[ns] as Tree).map(([key, value]) => [ns, key, value] as const),
  );

  it.each(NAMESPACES)('German has exactly the English keys in %s', (ns) => {
    const deKeys = leaves(de[ns] as Tree)
      .map(([key]) => key)
      .sort();
    const enKeys = leaves(en[ns] as Tree)
      .map(([key]) => key)
      .sort();
    expect(deKeys).toEqual(enKeys);
  });

  it('no key is named with a number after a word', () => {
    const numbered = NAMESPACES.flatMap((ns) => numberedKeys(en[ns] as Tree).map((key) => `${ns}:${key}`));
    expect(numbered).toEqual([]);
  });

  it('finds a numbered key in a planted catalogue, and leaves a key that is a number alone', () => {
    const planted = {
      editReminder: 'Edit reminder {title}',
      editReminder2: 'Edit Reminder',
      errors: { weCouldnTLoadThe3: 'We couldn’t load the house currency.', loadFailed: 'Failed' },
      httpStatus: { '404': 'Not Found' },
      v2: { title: 'Two' },
    };
    expect(numberedKeys(planted)).toEqual(['editReminder2', 'errors.weCouldnTLoadThe3', 'v2.title']);
  });

  it('every message is valid ICU, and German uses the same placeholders as English', () => {
    const problems: string[] = [];
    for (const ns of NAMESPACES) {
      const german = new Map(leaves(de[ns] as Tree));
      for (const [key, message] of leaves(en[ns] as Tree)) {
        try {
          const expected = argumentsOf(message);
          const translated = german.get(key);
          if (translated !== undefined && argumentsOf(translated).join() !== expected.join())
            problems.push(`${ns}:${key}: German uses {${argumentsOf(translated)}}, English {${expected}}`);
        } catch (err) {
          problems.push(`${ns}:${key}: ${(err as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('no message shows a stray brace', () => {
    const problems = ['en', 'de'].flatMap((lang) =>
      NAMESPACES.flatMap((ns) =>
        leaves(read(lang, ns))
          .filter(([, message]) => strayBraces(message).length > 0)
          .map(([key]) => `${lang} ${ns}:${key}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('finds a stray brace, and leaves quoted ones and arguments alone', () => {
    expect(strayBraces('{from, select, me {Du} other {{name}}}} hast')).toEqual(['} hast']);
    expect(strayBraces("Write '{name}' as it is")).toEqual([]);
    expect(strayBraces('{count, plural, one {# item} other {# items}} of {name}')).toEqual([]);
  });

  it('fails on a German message that lacks a key or changes a placeholder (the checks above can fail)', () => {
    expect(argumentsOf('{count, plural, one {# Artikel} other {# Artikel}} von {name}')).toEqual([
      'count',
      'name',
    ]);
    expect(argumentsOf('Hallo {nmae}')).not.toEqual(argumentsOf('Hello {name}'));
    expect(() => parseIcu('Hello {name')).toThrow();
    const missing = leaves({ a: 'x', b: { c: 'y' } }).map(([k]) => k);
    expect(missing).toEqual(['a', 'b.c']);
  });

  it('has no English message that no code uses', () => {
    // Keys are used as written: 'ns:key' (or 'key' in the default namespace 'common'); the notifications
    // namespace builds some keys from data (a kind's name), so it is left out.
    const sources = [
      ...files(SRC, (p) => /\.tsx?$/.test(p) && !p.includes('.test.')),
      ...files(join(REPO, 'apps', 'server', 'src'), (p) => p.endsWith('.ts') && !p.includes('.test.')),
    ]
      .map((p) => readFileSync(p, 'utf8'))
      .join('\n');
    const unused = english
      .filter(([ns]) => ns !== 'notifications')
      .filter(([ns, key]) => {
        if (sources.includes(`'${ns}:${key}'`)) return false;
        // A key picked from data: `reminders:intervals.${interval}`.
        const parent = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : null;
        if (parent && sources.includes(`\`${ns}:${parent}.\${`)) return false;
        return !(ns === 'common' && sources.includes(`'${key}'`));
      })
      .map(([ns, key]) => `${ns}:${key}`);
    expect(unused).toEqual([]);
  });
});

describe('the catalogue in the browser', () => {
  it.each(['en', 'de'])('%s has one file per namespace, none unlisted', (lang) => {
    const found = readdirSync(join(LOCALES, lang)).map((file) => file.replace(/\.json$/, ''));
    expect(found.sort()).toEqual([...NAMESPACES].sort());
  });

  /** Keys of the namespaces only the server has (never sent to the browser) written in a source. */
  const serverOnlyKeys = (source: string) =>
    SERVER_ONLY_NAMESPACES.flatMap((ns) => source.match(new RegExp(`(?<=['\`"])${ns}:[\\w.]+`, 'g')) ?? []);

  it('finds a key of the server-only namespace in a planted module', () => {
    expect(serverOnlyKeys(["t('idp:signIn.title')", 't("idp:errors." + kind)'].join('\n'))).toEqual([
      'idp:signIn.title',
      'idp:errors.',
    ]);
    expect(serverOnlyKeys("t('tasks:idp'); const idp = 'idp';")).toEqual([]);
  });

  it('no module of the app uses one', () => {
    const used = modules.flatMap((path) =>
      serverOnlyKeys(readFileSync(path, 'utf8')).map((key) => `${relative(SRC, path)}: ${key}`),
    );
    expect(used).toEqual([]);
  });

  it('compiles every message at build time: text stays text, an ICU message becomes its tree', () => {
    const compiled = compileCatalogue(
      {
        plain: "It''s here",
        quoted: "Use '{name}' as written",
        nested: { items: en.common?.items as string },
      },
      'en',
      'planted.json',
    );
    expect(compiled.plain).toBe("It's here");
    expect(compiled.quoted).toBe('Use {name} as written');
    expect(compiled.nested).toEqual({
      items: [expect.objectContaining({ type: TYPE.plural, value: 'count' })],
    });
    for (const lang of ['en', 'de'])
      for (const ns of NAMESPACES) expect(() => compileCatalogue(read(lang, ns), lang, ns)).not.toThrow();
  });

  it('fails the build on a message that is not valid ICU, naming the file and the key', () => {
    const broken = { fine: 'Hallo', group: { bad: 'Hallo {name' } };
    expect(() => compileCatalogue(broken, 'de', 'locales/de/planted.json')).toThrow(
      /^locales\/de\/planted\.json: "group\.bad" is not valid ICU MessageFormat/,
    );
    expect(() => compileCatalogue({ list: ['a'] }, 'de', 'planted.json')).toThrow(/planted\.json: "list"/);
  });

  it('the app imports the catalogue compiled (the build plugin runs on locale files)', async () => {
    const { default: common } = await import('@hearth/i18n/locales/en/common.json');
    expect(common.hearth).toBe('Hearth');
    expect(common.items).toEqual(compileCatalogue({ items: en.common?.items as string }, 'en', 'x').items);
    expect(Array.isArray(common.items)).toBe(true);
  });
});

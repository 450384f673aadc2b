import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse as parseIcu, TYPE } from '@formatjs/icu-messageformat-parser';
import { NAMESPACES } from '@hearth/i18n';
import { describe, expect, it } from 'vitest';
import { findLiterals, findSentences, looksLikeSentence } from './i18n-check/find-literals';

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

  it.each(components.map((path) => [relative(SRC, path), path]))('%s has none', (_name, path) => {
    const found = findLiterals(readFileSync(path, 'utf8'), path);
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

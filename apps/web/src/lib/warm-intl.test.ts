import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_LANGUAGE_KEY, spelledByBrowser, warmIntl } from './warm-intl';

type Kind = 'DateTimeFormat' | 'PluralRules' | 'NumberFormat';

/** The locales warmIntl built a date, plural and number formatter for (the last of each kind named one). */
function warmedLocales(): unknown[] {
  const seen: Record<Kind, unknown[]> = { DateTimeFormat: [], PluralRules: [], NumberFormat: [] };
  // Intl's own constructors, noting their locale; called with or without `new`, as Intl allows.
  const recording = (kind: Kind) =>
    new Proxy(Intl[kind], {
      construct: (target, args, newTarget) => {
        if (args[0] !== undefined) seen[kind].push(args[0]);
        return Reflect.construct(target, args, newTarget);
      },
      apply: (target, self, args) => {
        if (args[0] !== undefined) seen[kind].push(args[0]);
        return Reflect.apply(target, self, args);
      },
    });
  vi.stubGlobal(
    'Intl',
    Object.assign(Object.create(Intl), {
      DateTimeFormat: recording('DateTimeFormat'),
      PluralRules: recording('PluralRules'),
      NumberFormat: recording('NumberFormat'),
    }),
  );
  warmIntl(LAST_LANGUAGE_KEY, spelledByBrowser);
  vi.unstubAllGlobals();
  return [seen.DateTimeFormat.at(-1), seen.PluralRules.at(-1), seen.NumberFormat.at(-1)];
}

function browserLanguages(tags: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(tags);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('warmIntl', () => {
  it('warms the language kept on this device, as the browser spells it', () => {
    browserLanguages(['en-GB', 'de-AT']);
    localStorage.setItem(LAST_LANGUAGE_KEY, 'de');
    expect(warmedLocales()).toEqual(['de-AT', 'de-AT', 'de-AT']);
  });

  it('warms the kept language itself when the browser does not list it', () => {
    browserLanguages(['fr-FR']);
    localStorage.setItem(LAST_LANGUAGE_KEY, 'de');
    expect(warmedLocales()).toEqual(['de', 'de', 'de']);
  });

  it("warms the browser's first language when none is kept, or storage is switched off", () => {
    browserLanguages(['en-GB', 'de']);
    expect(warmedLocales()).toEqual(['en-GB', 'en-GB', 'en-GB']);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(warmedLocales()).toEqual(['en-GB', 'en-GB', 'en-GB']);
  });

  it('never throws, even for a locale Intl rejects', () => {
    browserLanguages([]);
    localStorage.setItem(LAST_LANGUAGE_KEY, 'not a locale!');
    expect(() => warmIntl(LAST_LANGUAGE_KEY, spelledByBrowser)).not.toThrow();
  });
});

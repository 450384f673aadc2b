import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_LANGUAGE_KEY, warmIntl } from './warm-intl';

const real = {
  DateTimeFormat: Intl.DateTimeFormat,
  PluralRules: Intl.PluralRules,
  NumberFormat: Intl.NumberFormat,
};
type Kind = keyof typeof real;

/** The locales warmIntl built a date, plural and number formatter for (the last of each kind named one). */
function warmedLocales(): unknown[] {
  const seen: Record<Kind, unknown[]> = { DateTimeFormat: [], PluralRules: [], NumberFormat: [] };
  for (const kind of Object.keys(real) as Kind[]) {
    const note = (args: unknown[]) => {
      if (args[0] !== undefined) seen[kind].push(args[0]);
    };
    // Called with or without `new`, as Intl's own constructors may be.
    const recording = new Proxy(real[kind], {
      construct: (target, args, newTarget) => {
        note(args);
        return Reflect.construct(target, args, newTarget);
      },
      apply: (target, self, args) => {
        note(args);
        return Reflect.apply(target, self, args);
      },
    });
    Object.defineProperty(Intl, kind, { value: recording, configurable: true, writable: true });
  }
  try {
    warmIntl(LAST_LANGUAGE_KEY);
  } finally {
    for (const kind of Object.keys(real) as Kind[]) {
      Object.defineProperty(Intl, kind, { value: real[kind], configurable: true, writable: true });
    }
  }
  return [seen.DateTimeFormat.at(-1), seen.PluralRules.at(-1), seen.NumberFormat.at(-1)];
}

function browserLanguages(tags: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(tags);
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

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
    expect(() => warmIntl(LAST_LANGUAGE_KEY)).not.toThrow();
  });
});

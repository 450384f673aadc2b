import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntl } from './warm-intl';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Intl with PluralRules and NumberFormat that note each one built (and still build the real thing). */
function recordingIntl(): string[] {
  const built: string[] = [];
  class PluralRules extends Intl.PluralRules {
    constructor(...args: ConstructorParameters<typeof Intl.PluralRules>) {
      super(...args);
      built.push(`plural ${JSON.stringify(args)}`);
    }
  }
  class NumberFormat extends Intl.NumberFormat {
    constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      super(...args);
      built.push(`number ${JSON.stringify(args)}`);
    }
  }
  vi.stubGlobal('Intl', Object.assign(Object.create(Intl), { PluralRules, NumberFormat }));
  return built;
}

describe('warmIntl', () => {
  it("builds one Intl object of each kind the pages use, each in a task of its own, in the reader's locale", () => {
    vi.useFakeTimers();
    const built = recordingIntl();
    warmIntl('de-DE');
    // Nothing at once: start-up goes on first.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersToNextTimer(); // the zone
    vi.advanceTimersToNextTimer(); // dates
    expect(built).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(built).toEqual(['plural ["de-DE"]']);
    vi.advanceTimersToNextTimer();
    expect(built).toEqual(['plural ["de-DE"]', 'number ["de-DE",{"style":"currency","currency":"EUR"}]']);
    expect(vi.getTimerCount()).toBe(0);
  });
});

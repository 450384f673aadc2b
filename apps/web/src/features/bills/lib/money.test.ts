import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyChoices, defaultCurrency } from './default-currency';
import { amountInputValue, formatMoney, parseAmountInput } from './money';

describe('formatMoney', () => {
  it("uses each currency's own decimals and the reader's locale", () => {
    expect(formatMoney(1240, 'EUR', 'en-IE')).toBe('€12.40');
    expect(formatMoney(1240, 'EUR', 'de-DE')).toBe('12,40\u00a0€');
    expect(formatMoney(1240, 'JPY', 'en-US')).toBe('¥1,240');
    expect(formatMoney(1240, 'KWD', 'en-US')).toBe('KWD\u00a01.240');
    expect(formatMoney(-5, 'USD', 'en-US')).toBe('-$0.05');
  });
});

describe('parseAmountInput', () => {
  it('reads a comma or a point as the decimal mark', () => {
    expect(parseAmountInput('12.40', 'EUR')).toBe(1240);
    expect(parseAmountInput('12,4', 'EUR')).toBe(1240);
    expect(parseAmountInput('0.29', 'EUR')).toBe(29);
    expect(parseAmountInput('12', 'EUR')).toBe(1200);
  });

  it('ignores thousands separators', () => {
    expect(parseAmountInput('1,234.50', 'EUR')).toBe(123450);
    expect(parseAmountInput('1.234,50', 'EUR')).toBe(123450);
    expect(parseAmountInput('1 234,50', 'EUR')).toBe(123450);
    expect(parseAmountInput('1.234.567', 'EUR')).toBe(123456700);
    expect(parseAmountInput('1,000', 'EUR')).toBe(100000);
    expect(parseAmountInput('1,000', 'JPY')).toBe(1000);
    expect(parseAmountInput('1.234', 'KWD')).toBe(1234);
  });

  it('refuses what is not an amount of the currency', () => {
    expect(parseAmountInput('', 'EUR')).toBeNull();
    expect(parseAmountInput('abc', 'EUR')).toBeNull();
    expect(parseAmountInput('-3', 'EUR')).toBeNull();
    expect(parseAmountInput('12.3456', 'EUR')).toBeNull();
    expect(parseAmountInput('12.5', 'JPY')).toBeNull();
    expect(parseAmountInput('1.2.3,4,5', 'EUR')).toBeNull();
  });

  it('reads back the value it fills a field with', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.constantFrom('EUR', 'JPY', 'KWD'),
        (minor, c) => {
          expect(parseAmountInput(amountInputValue(minor, c), c)).toBe(minor);
        },
      ),
    );
  });
});

describe('defaultCurrency', () => {
  it("follows the locale's region, guessing one when the locale names none", () => {
    expect(defaultCurrency('de-DE')).toBe('EUR');
    expect(defaultCurrency('fr-CH')).toBe('CHF');
    expect(defaultCurrency('en-GB')).toBe('GBP');
    expect(defaultCurrency('ja')).toBe('JPY');
    expect(defaultCurrency('ar-KW')).toBe('KWD');
    expect(defaultCurrency('en')).toBe('USD');
    expect(defaultCurrency('not a locale!')).toBe('USD');
  });

  it('only ever suggests a currency the browser can format', () => {
    const known = new Set(currencyChoices('en').map((c) => c.code));
    expect(known.has('EUR')).toBe(true);
    for (const region of ['DE', 'US', 'JP', 'KW', 'BR', 'IN', 'ZA', 'SE']) {
      expect(known.has(defaultCurrency(`en-${region}`))).toBe(true);
    }
  });
});

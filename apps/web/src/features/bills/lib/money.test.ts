import { AMOUNT_MINOR_MAX, currencyDigits } from '@hearth/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { currencyChoices, defaultCurrency } from './default-currency';
import { amountInputValue, formatMoney, numberMarks, readAmount, typedAmount } from './money';

describe('formatMoney', () => {
  it("uses each currency's own decimals and the reader's locale", () => {
    expect(formatMoney(1240, 'EUR', 'en-IE')).toBe('€12.40');
    expect(formatMoney(1240, 'EUR', 'de-DE')).toBe('12,40\u00a0€');
    expect(formatMoney(1240, 'JPY', 'en-US')).toBe('¥1,240');
    expect(formatMoney(1240, 'KWD', 'en-US')).toBe('KWD\u00a01.240');
    expect(formatMoney(-5, 'USD', 'en-US')).toBe('-$0.05');
  });
});

const LOCALES = ['en', 'en-GB', 'en-US', 'en-IN', 'de', 'de-DE', 'de-AT', 'de-CH'];
const CURRENCIES = ['GBP', 'EUR', 'USD', 'JPY', 'BHD', 'KWD'];

/** Minor units as Intl writes the number in a locale, grouping and all: 123456 GBP -> "1,234.56" (en). */
function written(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

const amounts = fc.integer({ min: 0, max: AMOUNT_MINOR_MAX });

describe('numberMarks', () => {
  it("takes the reader's marks from Intl", () => {
    expect(numberMarks('en-GB')).toMatchObject({ decimal: '.', group: ',', primary: 3, secondary: 3 });
    expect(numberMarks('de-DE')).toMatchObject({ decimal: ',', group: '.', primary: 3, secondary: 3 });
    expect(numberMarks('en-IN')).toMatchObject({ decimal: '.', group: ',', primary: 3, secondary: 2 });
  });
});

describe('readAmount', () => {
  it('reads the decimal and grouping marks of the reader, English and German', () => {
    expect(readAmount('12.35', 'GBP', 'en')).toEqual({ minor: 1235 });
    expect(readAmount('12,345', 'GBP', 'en')).toEqual({ minor: 1234500 });
    expect(readAmount('1,234.50', 'EUR', 'en')).toEqual({ minor: 123450 });
    expect(readAmount(' 1 234.5 ', 'EUR', 'en')).toEqual({ minor: 123450 });
    expect(readAmount('12,35', 'EUR', 'de')).toEqual({ minor: 1235 });
    expect(readAmount('12.345', 'EUR', 'de')).toEqual({ minor: 1234500 });
    expect(readAmount('1.234,50', 'EUR', 'de')).toEqual({ minor: 123450 });
    expect(readAmount("1'234.50", 'CHF', 'de-CH')).toEqual({ minor: 123450 });
    expect(readAmount('12', 'JPY', 'en')).toEqual({ minor: 12 });
    expect(readAmount('1.234', 'BHD', 'en')).toEqual({ minor: 1234 });
    expect(readAmount('12.', 'EUR', 'en')).toEqual({ minor: 1200 });
    expect(readAmount('.5', 'EUR', 'en')).toEqual({ minor: 50 });
  });

  it('refuses more decimals than the currency has, never taking them as thousands', () => {
    expect(readAmount('12.345', 'GBP', 'en')).toEqual({ problem: 'tooManyDecimals' });
    expect(readAmount('12,345', 'EUR', 'de')).toEqual({ problem: 'tooManyDecimals' });
    expect(readAmount('12.340', 'GBP', 'en')).toEqual({ problem: 'tooManyDecimals' });
    expect(readAmount('12.5', 'JPY', 'en')).toEqual({ problem: 'tooManyDecimals' });
    expect(readAmount('1.2345', 'BHD', 'en')).toEqual({ problem: 'tooManyDecimals' });
  });

  it("refuses what is not a number as the reader writes one (another locale's marks, signs, letters)", () => {
    expect(readAmount('', 'EUR', 'en')).toEqual({ problem: 'empty' });
    for (const text of ['abc', '-3', '12,40', '1,2345', '1.234,50', '1,,234', ',5', '£12', '1.2.3']) {
      expect(readAmount(text, 'EUR', 'en'), text).toEqual({ problem: 'notAnAmount' });
    }
    for (const text of ['12.5', '1,234.50', '1.2345', '12,3,4']) {
      expect(readAmount(text, 'EUR', 'de'), text).toEqual({ problem: 'notAnAmount' });
    }
  });

  it('reads back every amount as Intl writes it, in every locale and currency', () => {
    fc.assert(
      fc.property(
        amounts,
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...CURRENCIES),
        (minor, locale, c) => {
          expect(readAmount(written(minor, c, locale), c, locale)).toEqual({ minor });
          expect(readAmount(amountInputValue(minor, c, locale), c, locale)).toEqual({ minor });
        },
      ),
    );
  });

  it('refuses an amount with a decimal too many, in every locale and currency, never rescaling it', () => {
    fc.assert(
      fc.property(
        amounts,
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...CURRENCIES),
        fc.stringMatching(/^\d{1,4}$/),
        (minor, locale, c, extra) => {
          const base = written(minor, c, locale);
          const text =
            currencyDigits(c) === 0 ? `${base}${numberMarks(locale).decimal}${extra}` : `${base}${extra}`;
          expect(readAmount(text, c, locale)).toEqual({ problem: 'tooManyDecimals' });
        },
      ),
    );
  });

  it('never misreads an amount written the other way round (German marks in English and back)', () => {
    fc.assert(
      fc.property(
        amounts,
        fc.constantFrom(['en', 'de'], ['de', 'en']),
        fc.constantFrom('GBP', 'EUR', 'JPY'),
        (minor, [writer, reader], c) => {
          const reading = readAmount(written(minor, c, writer as string), c, reader as string);
          // Either refused, or the very same amount (a whole number under 1,000 reads the same both ways).
          if ('minor' in reading) expect(reading.minor).toBe(minor);
        },
      ),
    );
  });
});

describe('typedAmount', () => {
  it('says what to fix, naming the amount, in English and German', async () => {
    expect(typedAmount('12.345', 'GBP', 'en')).toEqual({
      message: 'The amount can have only 2 decimal places in GBP.',
    });
    expect(typedAmount('1.5', 'JPY', 'en')).toEqual({
      message: 'The amount can have no decimal places in JPY.',
    });
    expect(typedAmount('12,40', 'GBP', 'en')).toEqual({
      message: 'Write the amount as a number, like 1,234.56.',
    });
    expect(typedAmount('0', 'GBP', 'en')).toEqual({ message: 'Enter an amount above zero.' });
    expect(typedAmount('12.35', 'GBP', 'en')).toEqual({ minor: 1235 });
    await switchLanguage('de');
    try {
      expect(typedAmount('12,345', 'EUR', 'de')).toEqual({
        message: 'Der Betrag kann in EUR nur 2 Nachkommastellen haben.',
      });
      expect(typedAmount('12.5', 'EUR', 'de')).toEqual({
        message: 'Schreib den Betrag als Zahl, etwa 1.234,56.',
      });
    } finally {
      await switchLanguage('en');
    }
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

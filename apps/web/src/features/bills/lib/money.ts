import { currencyDigits } from '@hearth/contract';
import { currentLocale } from '../../../lib/i18n';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as the reader's locale writes it: 1240 EUR -> "€12.40" (en) or "12,40 €" (de). */
export function formatMoney(minor: number, currency: string, locale: string = currentLocale()): string {
  const digits = currencyDigits(currency);
  // One formatter per language and currency: building one costs far more than using it, and a page of
  // balances and expenses writes dozens of amounts.
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 10 ** digits);
}

/** Minor units as the plain text an amount field starts with: 1240 EUR -> "12.40", 5 JPY -> "5". */
export function amountInputValue(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const text = Math.abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * What someone typed in an amount field as minor units, or null when it is not an amount of this
 * currency. Read digit by digit, never through floats. Spaces and apostrophes are ignored. When both a
 * point and a comma appear, the last one marks the decimals (1,234.50 / 1.234,50); a mark that repeats
 * only groups thousands (1.234.567); a single mark marks the decimals (12,40 / 12.40) unless exactly three
 * digits follow it and the currency has fewer decimals than that (1,000 EUR is a thousand).
 */
export function parseAmountInput(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[\d.,]*$/.test(compact)) return null;
  const points = compact.split('.').length - 1;
  const commas = compact.split(',').length - 1;
  const last = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  const after = compact.slice(last + 1);
  // With both marks, the decimal one comes once, last.
  if (points > 0 && commas > 0 && (compact[last] === '.' ? points : commas) > 1) return null;
  const decimalMark =
    last >= 0 &&
    ((points > 0 && commas > 0) || (points + commas === 1 && !(after.length === 3 && digits < 3)));
  const whole = (decimalMark ? compact.slice(0, last) : compact).replace(/[.,]/g, '');
  const fraction = decimalMark ? after : '';
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  if (fraction.replace(/0+$/, '').length > digits) return null;
  const minor = Number(`${whole}${fraction.padEnd(digits, '0').slice(0, digits)}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

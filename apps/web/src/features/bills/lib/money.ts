import { currencyDigits } from '@hearth/contract';
import { currentLocale, t } from '../../../lib/i18n';

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

/** How a locale writes numbers: its decimal and grouping marks and its group sizes, as Intl says. */
export interface NumberMarks {
  decimal: string;
  group: string;
  /** Digits in the last group before the decimal mark (3), and in the groups before it (3; 2 in en-IN). */
  primary: number;
  secondary: number;
}

const marksByLocale = new Map<string, NumberMarks>();

export function numberMarks(locale: string = currentLocale()): NumberMarks {
  let marks = marksByLocale.get(locale);
  if (!marks) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567890.5);
    const integers = parts.filter((p) => p.type === 'integer').map((p) => p.value.length);
    marks = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      primary: integers.at(-1) ?? 3,
      secondary: integers.at(-2) ?? 3,
    };
    marksByLocale.set(locale, marks);
  }
  return marks;
}

/** Minor units as the plain text an amount field starts with: 1240 EUR -> "12.40" (en), "12,40" (de). */
export function amountInputValue(minor: number, currency: string, locale: string = currentLocale()): string {
  const digits = currencyDigits(currency);
  const text = Math.abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}${numberMarks(locale).decimal}${text.slice(-digits)}`;
}

/** What an amount field holds: minor units, or why it is not an amount of the currency. */
export type AmountReading = { minor: number } | { problem: 'empty' | 'notAnAmount' | 'tooManyDecimals' };

// Spaces of any width group digits in every locale; a typed ' stands for the Swiss ’.
const isSpace = (mark: string) => /^\s$/u.test(mark);

/**
 * What someone typed in an amount field, read the way the reader's locale writes numbers (English
 * "1,234.50", German "1.234,50"): the locale's decimal mark at most once, its grouping mark (or a space)
 * only between whole groups of digits. More decimals than the currency has are refused, never rounded or
 * taken as grouping ("12.345" in pounds is a mistake to point out, not £12,345.00). Read digit by digit,
 * never through floats.
 */
export function readAmount(text: string, currency: string, locale: string = currentLocale()): AmountReading {
  const typed = text.trim();
  if (typed === '') return { problem: 'empty' };
  const { decimal, group, primary, secondary } = numberMarks(locale);
  const [whole = '', fraction = '', ...more] = typed.split(decimal);
  if (more.length > 0 || !/^\d*$/.test(fraction)) return { problem: 'notAnAmount' };
  const isGroup = (mark: string) => mark === group || isSpace(mark) || (group === '’' && mark === "'");
  const groups = whole.split(/(\D+)/);
  const marks = groups.filter((_, i) => i % 2 === 1);
  const runs = groups.filter((_, i) => i % 2 === 0);
  if (!marks.every((m) => m.length === 1 && isGroup(m))) return { problem: 'notAnAmount' };
  // With grouping, every group but the first is whole: "1,234,567" yes, "12,40" or "1,2345" no.
  if (
    runs.length > 1 &&
    !runs.every((run, i) =>
      i === 0
        ? run.length >= 1 && run.length <= (runs.length === 2 ? primary : secondary)
        : run.length === (i === runs.length - 1 ? primary : secondary),
    )
  )
    return { problem: 'notAnAmount' };
  const digitsTyped = runs.join('');
  if (digitsTyped === '' && fraction === '') return { problem: 'notAnAmount' };
  const digits = currencyDigits(currency);
  if (fraction.length > digits) return { problem: 'tooManyDecimals' };
  const minor = Number(`${digitsTyped}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? { minor } : { problem: 'notAnAmount' };
}

/** An example amount as the reader writes it (1,234.56 / 1.234,56 / 1,234), for a message. */
function exampleAmount(currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(1234.56);
}

/**
 * An amount field's value as minor units above zero, or the sentence that says what to fix; each names
 * the amount, so it reads right under the field and in a summary.
 */
export function typedAmount(
  text: string,
  currency: string,
  locale: string = currentLocale(),
): { minor: number } | { message: string } {
  const reading = readAmount(text, currency, locale);
  if ('minor' in reading) {
    return reading.minor > 0 ? reading : { message: t('bills:enterAnAmountAboveZero') };
  }
  switch (reading.problem) {
    case 'empty':
      return { message: t('bills:enterAnAmountAboveZero') };
    case 'tooManyDecimals':
      return { message: t('bills:amountTooManyDecimals', { currency, digits: currencyDigits(currency) }) };
    case 'notAnAmount':
      return { message: t('bills:amountNotANumber', { example: exampleAmount(currency, locale) }) };
  }
}

import { currencyDigits } from '@hearth/contract';

const KNOWN = new Set(Intl.supportedValuesOf('currency'));

/** Whether a code is an ISO 4217 currency the runtime knows (and so can format). */
export function isKnownCurrency(code: string): boolean {
  return KNOWN.has(code);
}

/** Minor units as a plain decimal in the currency's digits: 1240 EUR -> "12.40", -5 JPY -> "-5". */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = Math.abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * A plain decimal ("12.4", "-30.00", "1234") as minor units of the currency, read digit by digit so no
 * float rounding creeps in; null when it is not a number or has more decimals than the currency.
 */
export function decimalToMinor(text: string, currency: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = currencyDigits(currency);
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > digits) return null;
  const minor = Number(`${whole}${fraction.padEnd(digits, '0').slice(0, digits)}`);
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' && minor !== 0 ? -minor : minor;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToMinor, isKnownCurrency, minorToDecimal } from './money.js';

describe('money', () => {
  it('knows real ISO 4217 codes only', () => {
    expect(isKnownCurrency('EUR')).toBe(true);
    expect(isKnownCurrency('KWD')).toBe(true);
    expect(isKnownCurrency('ABC')).toBe(false);
  });

  it("writes minor units with each currency's own decimals", () => {
    expect(minorToDecimal(1240, 'EUR')).toBe('12.40');
    expect(minorToDecimal(-5, 'EUR')).toBe('-0.05');
    expect(minorToDecimal(1240, 'JPY')).toBe('1240');
    expect(minorToDecimal(1240, 'KWD')).toBe('1.240');
  });

  it('reads decimals without float rounding, refusing extra digits', () => {
    expect(decimalToMinor('12.4', 'EUR')).toBe(1240);
    expect(decimalToMinor('0.29', 'EUR')).toBe(29);
    expect(decimalToMinor('-30.00', 'EUR')).toBe(-3000);
    expect(decimalToMinor('12.345', 'EUR')).toBeNull();
    expect(decimalToMinor('12.50', 'JPY')).toBeNull();
    expect(decimalToMinor('12.00', 'JPY')).toBe(12);
    expect(decimalToMinor('1,000', 'EUR')).toBeNull();
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.constantFrom('EUR', 'JPY', 'KWD'),
        (minor, currency) => {
          expect(decimalToMinor(minorToDecimal(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });
});

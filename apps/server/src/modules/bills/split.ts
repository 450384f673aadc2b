import {
  PERCENT_DECIMALS,
  type Portion,
  SHARE_MAX,
  SPLIT_VALUE_DECIMALS,
  type Split,
} from '@hearth/contract';
import { validationError } from '../../lib/errors.js';
import { allocateMinor } from './allocate.js';

const HUNDRED_PERCENT = 100n * 10n ** BigInt(PERCENT_DECIMALS);

/** A number with at most `decimals` decimals as an exact integer count of its smallest step, or null. */
export function toScaledInteger(value: number, decimals: number): bigint | null {
  if (!Number.isFinite(value)) return null;
  const scaled = value * 10 ** decimals;
  const rounded = Math.round(scaled);
  // Binary floats make 0.29 * 100 = 28.999999999999996; anything further off had too many decimals.
  if (Math.abs(scaled - rounded) > 1e-6 || !Number.isSafeInteger(rounded)) return null;
  return BigInt(rounded);
}

/**
 * The split's portions, which add up to `amount` exactly, after checking the split's own rules. Every
 * error is a 400 naming the offending field (`split.parts[i].value` and so on). Membership of the people
 * named is the caller's check, since it needs the house.
 */
export function computePortions(amount: number, split: Split): Portion[] {
  const { mode, parts } = split;
  if (parts.length === 0) throw validationError('split.parts', 'split.parts must name at least one member.');
  const seen = new Set<number>();
  parts.forEach((part, i) => {
    if (seen.has(part.user_id)) {
      throw validationError(`split.parts[${i}].user_id`, `split.parts[${i}].user_id names a member twice.`);
    }
    seen.add(part.user_id);
  });
  const ids = parts.map((p) => p.user_id);
  const portionsOf = (amounts: number[]): Portion[] =>
    ids.map((user_id, i) => ({ user_id, amount_minor: amounts[i] as number }));

  switch (mode) {
    case 'equal':
      return portionsOf(
        allocateMinor(
          amount,
          parts.map(() => 1n),
        ),
      );
    case 'shares': {
      const weights = parts.map((part, i) => {
        const field = `split.parts[${i}].value`;
        const scaled = toScaledInteger(part.value, SPLIT_VALUE_DECIMALS);
        if (scaled === null) {
          throw validationError(
            field,
            `${field} must be a number with at most ${SPLIT_VALUE_DECIMALS} decimals.`,
          );
        }
        if (scaled <= 0n) throw validationError(field, `${field} must be more than 0 shares.`);
        if (part.value > SHARE_MAX)
          throw validationError(field, `${field} must be at most ${SHARE_MAX} shares.`);
        return scaled;
      });
      return portionsOf(allocateMinor(amount, weights));
    }
    case 'percent': {
      const weights = parts.map((part, i) => {
        const field = `split.parts[${i}].value`;
        const scaled = toScaledInteger(part.value, PERCENT_DECIMALS);
        if (scaled === null || scaled < 0n || scaled > HUNDRED_PERCENT) {
          throw validationError(
            field,
            `${field} must be a percentage from 0 to 100 with at most ${PERCENT_DECIMALS} decimals.`,
          );
        }
        return scaled;
      });
      const total = weights.reduce((sum, w) => sum + w, 0n);
      if (total !== HUNDRED_PERCENT) {
        throw validationError('split.parts', 'split.parts percentages must add up to 100.');
      }
      return portionsOf(allocateMinor(amount, weights));
    }
    case 'exact': {
      const amounts = parts.map((part, i) => {
        const field = `split.parts[${i}].value`;
        if (!Number.isSafeInteger(part.value) || part.value < 0) {
          throw validationError(field, `${field} must be a whole number of minor units, 0 or more.`);
        }
        return part.value;
      });
      const total = amounts.reduce((sum, a) => sum + a, 0);
      if (total !== amount) {
        throw validationError(
          'split.parts',
          `split.parts exact amounts must add up to the amount (${amount}).`,
        );
      }
      return portionsOf(amounts);
    }
  }
}

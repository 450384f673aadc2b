/**
 * Divides `amount` minor units in proportion to integer `weights` so the parts add up to `amount` exactly.
 * Each part is first rounded down; the leftover units (fewer than the number of non-zero weights) then go
 * one each to the parts with a non-zero weight, in the order they are listed. BigInt keeps the products
 * exact for amounts up to 10^12 and large weights.
 *
 * dinero.js's `allocate` gives the same parts when all weights are equal, but from version 2.0.2 it hands
 * leftover units to the largest weights first, which is not the rule here, so the division is done directly.
 */
export function allocateMinor(amount: number, weights: readonly bigint[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError('amount must be a non-negative integer');
  if (weights.some((w) => w < 0n)) throw new RangeError('weights must not be negative');
  const total = weights.reduce((sum, w) => sum + w, 0n);
  if (total === 0n) throw new RangeError('weights must not all be zero');
  const whole = BigInt(amount);
  const parts = weights.map((w) => (whole * w) / total);
  let leftover = whole - parts.reduce((sum, p) => sum + p, 0n);
  for (let i = 0; leftover > 0n; i = (i + 1) % parts.length) {
    if (weights[i] === 0n) continue;
    parts[i] = (parts[i] as bigint) + 1n;
    leftover -= 1n;
  }
  return parts.map(Number);
}

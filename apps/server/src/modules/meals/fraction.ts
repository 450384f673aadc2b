/** An exact rational number (bigint numerator and denominator, always reduced, denominator > 0). */
export class Fraction {
  readonly n: bigint;
  readonly d: bigint;

  constructor(n: bigint, d: bigint = 1n) {
    if (d === 0n) throw new RangeError('A fraction cannot have a zero denominator.');
    const sign = d < 0n ? -1n : 1n;
    const g = gcd(n < 0n ? -n : n, d < 0n ? -d : d) || 1n;
    this.n = (sign * n) / g;
    this.d = (sign * d) / g;
  }

  static of(value: number | bigint): Fraction {
    if (typeof value === 'bigint') return new Fraction(value);
    return Fraction.parse(String(value)) ?? new Fraction(0n);
  }

  /** "3", "1.25", "1/2" (and "1,5", as German writes it); null for anything else. */
  static parse(text: string): Fraction | null {
    const t = text.trim().replace(',', '.');
    let m = t.match(/^(\d+)\/(\d+)$/u);
    if (m) return m[2] === '0' || /^0+$/u.test(m[2]!) ? null : new Fraction(BigInt(m[1]!), BigInt(m[2]!));
    m = t.match(/^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/iu);
    if (!m) return null;
    const decimals = m[2] ?? '';
    let f = new Fraction(BigInt(m[1]! + decimals), 10n ** BigInt(decimals.length));
    const exp = Number(m[3] ?? 0);
    if (exp > 0) f = f.mul(new Fraction(10n ** BigInt(exp)));
    if (exp < 0) f = f.div(new Fraction(10n ** BigInt(-exp)));
    return f;
  }

  add(o: Fraction): Fraction {
    return new Fraction(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  mul(o: Fraction): Fraction {
    return new Fraction(this.n * o.n, this.d * o.d);
  }
  div(o: Fraction): Fraction {
    return new Fraction(this.n * o.d, this.d * o.n);
  }
  equals(o: Fraction): boolean {
    return this.n === o.n && this.d === o.d;
  }
  compare(o: Fraction): number {
    const diff = this.n * o.d - o.n * this.d;
    return diff < 0n ? -1 : diff > 0n ? 1 : 0;
  }
  isInteger(): boolean {
    return this.d === 1n;
  }
  toNumber(): number {
    return Number(this.n) / Number(this.d);
  }
  /** "n/d" or "n": how it is stored, read back exactly by parse(). */
  toString(): string {
    return this.d === 1n ? `${this.n}` : `${this.n}/${this.d}`;
  }
  /** As a cook reads it: "1 1/2", "3", "1/3". */
  toMixed(): string {
    if (this.d === 1n) return `${this.n}`;
    const whole = this.n / this.d;
    const rest = new Fraction(this.n - whole * this.d, this.d);
    return whole === 0n ? rest.toString() : `${whole} ${rest.toString()}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** A limit: at most `max` hits per `windowMs` for one key. */
export interface Limit {
  max: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Forgetting finished windows once this many keys are held keeps memory bounded. */
const SWEEP_AT = 10_000;

/**
 * Fixed-window counters in memory, per key (e.g. an IP address). Enough for one server process; a
 * deployment with several processes gets a limit per process.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: Limit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit; false when the key is over its limit. */
  hit(key: string): boolean {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { count: 0, resetAt: now + this.limit.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.limit.max;
  }

  /** Seconds until the key's window ends (for Retry-After). */
  retryAfterSeconds(key: string): number {
    const window = this.windows.get(key);
    return window ? Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000)) : 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}

export interface IdpLimits {
  /** Sign-in attempts for one email from one IP address. */
  signInPerAccount: Limit;
  /** Sign-in attempts from one IP address, whatever the email. */
  signInPerIp: Limit;
  /** Sign-up attempts from one IP address. */
  signUpPerIp: Limit;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const DEFAULT_LIMITS: IdpLimits = {
  signInPerAccount: { max: 10, windowMs: FIFTEEN_MINUTES },
  signInPerIp: { max: 50, windowMs: FIFTEEN_MINUTES },
  signUpPerIp: { max: 20, windowMs: FIFTEEN_MINUTES },
};

/** IDP_RATE_LIMIT=off: for automated tests that sign many people up from one address. */
export const NO_LIMITS: IdpLimits = {
  signInPerAccount: { max: Number.MAX_SAFE_INTEGER, windowMs: FIFTEEN_MINUTES },
  signInPerIp: { max: Number.MAX_SAFE_INTEGER, windowMs: FIFTEEN_MINUTES },
  signUpPerIp: { max: Number.MAX_SAFE_INTEGER, windowMs: FIFTEEN_MINUTES },
};

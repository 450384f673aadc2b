import type { Limit } from '../lib/limits.js';

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

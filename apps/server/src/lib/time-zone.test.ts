import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from './time-zone.js';

describe('canonicalTimeZone', () => {
  it('accepts IANA zones, canonicalises their spelling and rejects the rest', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });
});

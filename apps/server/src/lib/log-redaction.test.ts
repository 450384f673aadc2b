import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it.each([
    ['/f.ics?token=abc', `/f.ics?token=${REDACTED}`],
    ['/f.ics?token[]=abc', `/f.ics?token[]=${REDACTED}`],
    ['/f.ics?token[0]=abc&token[1]=def', `/f.ics?token[0]=${REDACTED}&token[1]=${REDACTED}`],
    ['/f.ics?token%5B%5D=abc', `/f.ics?token%5B%5D=${REDACTED}`],
    ['/f.ics?token%5b0%5d=abc', `/f.ics?token%5b0%5d=${REDACTED}`],
    ['/f.ics?TOKEN[x][y]=abc', `/f.ics?TOKEN[x][y]=${REDACTED}`],
    ['/f.ics?%74oken=abc', `/f.ics?%74oken=${REDACTED}`],
    ['/f.ics?token%5B%5D%ZZ=abc', `/f.ics?token%5B%5D%ZZ=${REDACTED}`],
    ['/x?access_token=a&x=1&access_token=b', `/x?access_token=${REDACTED}&x=1&access_token=${REDACTED}`],
    ['/x?access_token[]=a&access_token[]=b', `/x?access_token[]=${REDACTED}&access_token[]=${REDACTED}`],
    ['/x?code=a&state=s', `/x?code=${REDACTED}&state=s`],
    ['/x?token', `/x?token=${REDACTED}`],
  ])('%s -> %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('leaves other keys, and keys that merely start like a secret, as they are', () => {
    expect(redactUrl('/x?tokens=1&my_token=2&page=3')).toBe('/x?tokens=1&my_token=2&page=3');
    expect(redactUrl('/x')).toBe('/x');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});

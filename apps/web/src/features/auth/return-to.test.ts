import { describe, expect, it } from 'vitest';
import { consumeReturnTo, peekReturnTo, rememberReturnTo } from './return-to';

describe('return-to', () => {
  it('keeps an in-app path until consumed', () => {
    rememberReturnTo('/houseSetup?code=ABCD');
    expect(peekReturnTo()).toBe('/houseSetup?code=ABCD');
    expect(consumeReturnTo()).toBe('/houseSetup?code=ABCD');
    expect(consumeReturnTo()).toBeNull();
  });

  it('ignores other origins and the landing page', () => {
    rememberReturnTo('//evil.example/path');
    expect(peekReturnTo()).toBeNull();
    rememberReturnTo('https://evil.example');
    expect(peekReturnTo()).toBeNull();
    rememberReturnTo('/');
    expect(peekReturnTo()).toBeNull();
  });
});

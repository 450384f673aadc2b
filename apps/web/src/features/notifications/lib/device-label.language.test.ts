import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { deviceLabel } from './device-label';

afterEach(async () => {
  await switchLanguage('en');
});

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('deviceLabel in both languages', () => {
  it('names the browser and system, in German too', async () => {
    expect(deviceLabel(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(deviceLabel('curl/8.0')).toBe('This device');
    await switchLanguage('de');
    expect(deviceLabel(CHROME_LINUX)).toBe('Chrome auf Linux');
    expect(deviceLabel('curl/8.0')).toBe('Dieses Gerät');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { WEEKDAYS } from './repeat-form';

afterEach(async () => {
  await switchLanguage('en');
});

describe('the weekly repeat days', () => {
  it('are named in the chosen language, Monday first', async () => {
    expect(WEEKDAYS.map((d) => d.short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    await switchLanguage('de');
    // Intl data differ in the trailing dot ('Mo' in Node, 'Mo.' in some browsers).
    expect(WEEKDAYS.map((d) => d.short.replace(/\.$/, ''))).toEqual([
      'Mo',
      'Di',
      'Mi',
      'Do',
      'Fr',
      'Sa',
      'So',
    ]);
    expect(WEEKDAYS[6]?.long).toBe('Sonntag');
  });
});

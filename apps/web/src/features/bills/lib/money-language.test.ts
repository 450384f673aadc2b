import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { CATEGORY_LABELS } from './categories';
import { formatMoney } from './money';

afterEach(async () => {
  await switchLanguage('en');
});

describe('money and categories in both languages', () => {
  it('writes amounts as English readers expect, then as German readers do', async () => {
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56');
    expect(CATEGORY_LABELS.utilities).toBe('Utilities');
    await switchLanguage('de');
    expect(formatMoney(123456, 'EUR').replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatMoney(500, 'JPY').replace(/\s/g, ' ')).toBe('500 ¥');
    expect(CATEGORY_LABELS.utilities).toBe('Nebenkosten');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { activitySentence } from './activity-sentence';
import { myBalanceSentences } from './balance-sentences';
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

  it('writes balances and the activity log as sentences in German', async () => {
    const nameOf = (id: number) => (id === 2 ? 'Bo' : 'Cy');
    const eur = (minor: number) => formatMoney(minor, 'EUR');
    const settle = [{ from: 1, to: 2, amount_minor: 1240 }];
    expect(myBalanceSentences(settle, 1, nameOf, eur)).toEqual(['You owe Bo €12.40']);
    const activity = {
      actor: 2,
      action: 'created',
      subject: 'expense',
      title: 'Big shop',
      amount_minor: 3001,
    } as Parameters<typeof activitySentence>[0];
    expect(activitySentence(activity, 1, nameOf, eur)).toBe('Bo added the expense “Big shop” (€30.01)');
    await switchLanguage('de');
    expect(myBalanceSentences(settle, 1, nameOf, eur).map((s) => s.replace(/\s/g, ' '))).toEqual([
      'Du schuldest Bo 12,40 €',
    ]);
    expect(myBalanceSentences([], 1, nameOf, eur)).toEqual(['Alles ausgeglichen']);
    expect(activitySentence(activity, 1, nameOf, eur).replace(/\s/g, ' ')).toBe(
      'Bo hat die Ausgabe „Big shop“ hinzugefügt (30,01 €)',
    );
  });
});

import { PERCENT_DECIMALS, SHARE_MAX, type Split, type SplitMode } from '@hearth/contract';
import { t } from '../../../lib/i18n';
import { readAmount } from './money';

/** The split part of the expense form: who shares it (in the house's order) and what each typed. */
export interface SplitDraft {
  mode: SplitMode;
  /** Members sharing the expense, in the order leftover cents go to them. */
  members: number[];
  /** What was typed per member: shares, a percentage, or an amount, depending on the mode. */
  values: Record<number, string>;
}

export type SplitResult = { split: Split } | { error: string };

/** A typed number with at most `decimals` decimals, as an integer count of its smallest step. */
function scaled(text: string, decimals: number): number | null {
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > decimals) return null;
  return Number(`${whole}${fraction.padEnd(decimals, '0').slice(0, decimals)}`);
}

/**
 * The split the API takes, or the sentence that says what to fix. `amountMinor` is the expense's amount
 * (null while it is not a valid amount); `money` formats minor units for the messages.
 */
export function draftToSplit(
  draft: SplitDraft,
  amountMinor: number | null,
  currency: string,
  money: (minor: number) => string,
): SplitResult {
  const { mode, members } = draft;
  if (members.length === 0) return { error: t('bills:splitErrors.noMembers') };
  const typed = (id: number) => draft.values[id] ?? '';
  switch (mode) {
    case 'equal':
      return { split: { mode, parts: members.map((user_id) => ({ user_id, value: 0 })) } };
    case 'shares': {
      const values = members.map((id) => scaled(typed(id), 2));
      if (values.some((v) => v === null || v <= 0 || v > SHARE_MAX * 100)) {
        return {
          error: t('bills:splitErrors.shares', { max: SHARE_MAX }),
        };
      }
      return {
        split: {
          mode,
          parts: members.map((user_id, i) => ({ user_id, value: (values[i] as number) / 100 })),
        },
      };
    }
    case 'percent': {
      const step = 10 ** PERCENT_DECIMALS;
      const values = members.map((id) => scaled(typed(id), PERCENT_DECIMALS));
      if (values.some((v) => v === null || v > 100 * step)) {
        return { error: t('bills:splitErrors.percent', { decimals: PERCENT_DECIMALS }) };
      }
      const total = (values as number[]).reduce((a, b) => a + b, 0);
      if (total !== 100 * step)
        return { error: t('bills:splitErrors.percentTotal', { total: total / step }) };
      return {
        split: {
          mode,
          parts: members.map((user_id, i) => ({ user_id, value: (values[i] as number) / step })),
        },
      };
    }
    case 'exact': {
      const values = members.map((id) => {
        const reading = readAmount(typed(id), currency);
        return 'minor' in reading ? reading.minor : reading.problem === 'empty' ? 0 : null;
      });
      if (values.some((v) => v === null)) return { error: t('bills:splitErrors.exactNotMoney') };
      const total = (values as number[]).reduce((a, b) => a + b, 0);
      if (amountMinor === null) return { error: t('bills:splitErrors.amountFirst') };
      if (total !== amountMinor) {
        return {
          error: t('bills:splitErrors.exactTotal', { amount: money(amountMinor), total: money(total) }),
        };
      }
      return {
        split: { mode, parts: members.map((user_id, i) => ({ user_id, value: values[i] as number })) },
      };
    }
  }
}

/** The form's draft for an existing split, so editing starts from what was saved. */
export function splitToDraft(split: Split, currencyValue: (minor: number) => string): SplitDraft {
  const values: Record<number, string> = {};
  for (const part of split.parts) {
    if (split.mode === 'exact') values[part.user_id] = currencyValue(part.value);
    else if (split.mode !== 'equal') values[part.user_id] = String(part.value);
  }
  return { mode: split.mode, members: split.parts.map((p) => p.user_id), values };
}

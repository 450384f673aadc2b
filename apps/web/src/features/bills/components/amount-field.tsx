import { get, useFormState, useWatch } from 'react-hook-form';
import { TextField } from '../../../components/form';
import { t } from '../../../lib/i18n';
import { formatMoney, typedAmount } from '../lib/money';

/**
 * The field every amount of money is typed in (expense, payment, recurring bill, purchase), bound to the
 * form value `name`. It reads what is typed the way the reader writes numbers and says under the field,
 * as they type, the amount that will be saved ("Saved as £12.35") or what is wrong with it; the form's
 * own check (see typedAmount) refuses the same values with the same words.
 */
export function AmountField({ currency, name = 'amount' }: { currency: string; name?: string }) {
  const text = useWatch({ name }) as string | undefined;
  const { errors } = useFormState({ name });
  const typed = text ? typedAmount(text, currency) : null;
  const note =
    typed === null
      ? ''
      : 'minor' in typed
        ? t('bills:amountSavedAs', { amount: formatMoney(typed.minor, currency) })
        : typed.message;
  // Once the form shows its error for the field, the same words are not repeated as the hint.
  const hint = get(errors, name) ? undefined : <span aria-live="polite">{note}</span>;
  return (
    <TextField
      name={name}
      label={t('bills:amount', { currency })}
      inputMode="decimal"
      autoComplete="off"
      hint={hint}
    />
  );
}

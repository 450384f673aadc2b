import { useId, useMemo, useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/form/input-classes';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { currencyChoices } from '../lib/default-currency';

export interface CurrencyPickerProps {
  /** The currency chosen so far, or the one to suggest. */
  initial: string;
  submitLabel: string;
  onSave: (currency: string) => Promise<unknown>;
  onDone?: () => void;
}

/** Chooses the house currency from every currency the browser knows, by code and name. */
export function CurrencyPicker({ initial, submitLabel, onSave, onDone }: CurrencyPickerProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices = useMemo(() => currencyChoices(), []);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSave(value);
      onDone?.();
    } catch (err) {
      console.error('Error saving currency:', err);
      setError(
        isApiError(err) && err.serverMessage && err.status < 500
          ? err.serverMessage
          : t('bills:errors.saveCurrency'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <label
          htmlFor={id}
          className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5 text-sm font-semibold text-espresso"
        >
          {t('bills:houseCurrency')}
          <select id={id} className={inputClasses} value={value} onChange={(e) => setValue(e.target.value)}>
            {choices.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} · {c.name}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={save} disabled={busy}>
          {busy ? t('bills:saving') : submitLabel}
        </Button>
      </div>
      {error && <Banner variant="error">{error}</Banner>}
    </div>
  );
}

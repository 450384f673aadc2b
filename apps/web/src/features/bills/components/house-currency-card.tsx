import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { t } from '../../../lib/i18n';
import { useHouseCurrency, useSetCurrency } from '../api/currency';
import { defaultCurrency } from '../lib/default-currency';
import { CurrencyPicker } from './currency-picker';

/** A currency code with its name in the reader's language, e.g. "EUR · Euro". */
function describe(code: string): string {
  try {
    const name = new Intl.DisplayNames(undefined, { type: 'currency' }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}

/**
 * The house currency on the House page: every expense and payment is kept in it, so it can change only
 * until the first money is recorded. The server says whether that has happened (`locked`), and then the
 * card says why instead of offering a change that would be refused.
 */
export function HouseCurrencyCard({ houseId }: { houseId: number }) {
  const currency = useHouseCurrency(houseId);
  const setCurrency = useSetCurrency(houseId);
  const [changing, setChanging] = useState(false);
  const current = currency.data?.currency ?? null;

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-espresso">{t('bills:currency')}</h2>
      {currency.isPending ? (
        <p className="text-muted">{t('bills:loading')}</p>
      ) : currency.isError ? (
        <p className="text-muted">{t('bills:couldNotLoadHouseCurrency')}</p>
      ) : (
        <>
          <p className="text-espresso">{current ? describe(current) : t('bills:notChosenYetTheHouse')}</p>
          <p className="text-sm text-muted">{t('bills:currencyExplanation')}</p>
          {currency.data.locked ? (
            <p className="text-sm text-muted">{t('bills:currencyLocked')}</p>
          ) : changing ? (
            <CurrencyPicker
              initial={current ?? defaultCurrency()}
              submitLabel={t('bills:saveCurrency')}
              onSave={setCurrency.mutateAsync}
              onDone={() => setChanging(false)}
            />
          ) : (
            <div>
              <Button variant="secondary" onClick={() => setChanging(true)}>
                {current ? t('bills:changeCurrency') : t('bills:chooseCurrency')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

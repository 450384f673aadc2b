import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
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
 * until the first one is recorded (the server says so when it is too late).
 */
export function HouseCurrencyCard({ houseId }: { houseId: number }) {
  const currency = useHouseCurrency(houseId);
  const setCurrency = useSetCurrency(houseId);
  const [changing, setChanging] = useState(false);
  const current = currency.data?.currency ?? null;

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-espresso">Currency</h2>
      {currency.isPending ? (
        <p className="text-muted">Loading…</p>
      ) : currency.isError ? (
        <p className="text-muted">We couldn’t load the house currency.</p>
      ) : (
        <>
          <p className="text-espresso">
            {current ? describe(current) : 'Not chosen yet: the house picks one when it first uses Bills.'}
          </p>
          <p className="text-sm text-muted">
            Bills keep every amount in this currency. It can change until the first expense or payment is
            recorded.
          </p>
          {changing ? (
            <CurrencyPicker
              initial={current ?? defaultCurrency()}
              submitLabel="Save currency"
              onSave={setCurrency.mutateAsync}
              onDone={() => setChanging(false)}
            />
          ) : (
            <div>
              <Button variant="secondary" onClick={() => setChanging(true)}>
                {current ? 'Change currency' : 'Choose currency'}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

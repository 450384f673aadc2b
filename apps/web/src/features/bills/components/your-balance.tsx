import type { User } from '@hearth/contract';
import { ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { useBalance } from '../api/balance';
import { myBalanceSentences } from '../lib/balance-sentences';
import { formatMoney } from '../lib/money';
import { shortNames } from '../lib/people';

/**
 * Home's bills card: what the reader owes or is owed ("You owe Bob €12.40"), or "All settled". Shown
 * only to people in a house.
 */
export function YourBalance({ user }: { user: User }) {
  const inHouse = user.house_id !== null;
  const balance = useBalance({ enabled: inHouse });
  useLogError(balance.error);
  if (!inHouse) return null;
  const me = user.user_id;
  let body: ReactNode;
  if (balance.isPending) body = <Spinner label={t('bills:loadingBalances')} />;
  else if (balance.isError) body = <p className="text-muted">{t('bills:couldNotLoadBalance')}</p>;
  else if (!balance.data.currency) body = <p className="text-muted">{t('bills:noSharedExpensesYet')}</p>;
  else {
    const currency = balance.data.currency;
    const lines = myBalanceSentences(balance.data.settle, me, shortNames(balance.data.people), (minor) =>
      formatMoney(minor, currency),
    );
    body = (
      <ul className="flex flex-col gap-1">
        {lines.map((line) => (
          <li key={line} className="font-semibold break-words text-espresso">
            {line}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 text-lg font-bold text-espresso">
        <ReceiptText className="size-5 text-primary" aria-hidden="true" />
        {t('bills:bills')}
      </h2>
      {body}
      <Link to="/bills" className="text-sm font-semibold text-primary underline-offset-2 hover:underline">
        {t('bills:openBills')}
      </Link>
    </Card>
  );
}

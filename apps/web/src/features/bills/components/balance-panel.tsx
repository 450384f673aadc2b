import type { Balance, Transfer } from '@hearth/contract';
import { HandCoins } from 'lucide-react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { cn } from '../../../lib/cn';
import { t as tr } from '../../../lib/i18n';
import { myBalanceSentences, transferSentence } from '../lib/balance-sentences';

export interface BalancePanelProps {
  balance: Balance;
  me: number;
  nameOf: (userId: number) => string;
  money: (minor: number) => string;
  onRecordPayment: (transfer: Transfer | null) => void;
}

/** Where the reader stands, each member's paid / share / net, and the fewest payments to settle up. */
export function BalancePanel({ balance, me, nameOf, money, onRecordPayment }: BalancePanelProps) {
  const mine = myBalanceSentences(balance.settle, me, nameOf, money);
  return (
    <Card className="flex flex-col gap-5">
      <section aria-labelledby="my-balance">
        <h2 id="my-balance" className="text-lg font-bold text-espresso">
          {tr('bills:yourBalance')}
        </h2>
        <ul className="mt-2 flex flex-col gap-1">
          {mine.map((line) => (
            <li key={line} className="font-semibold break-words text-espresso">
              {line}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="balances">
        <h2 id="balances" className="text-lg font-bold text-espresso">
          {tr('bills:balances')}
        </h2>
        <ul className="mt-2 flex flex-col divide-y divide-line">
          {balance.members.map((m) => (
            <li key={m.user_id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="min-w-0 flex-1 truncate font-medium text-espresso">
                {m.user_id === me ? tr('bills:you', { user_id: nameOf(m.user_id) }) : nameOf(m.user_id)}
              </span>
              <span
                className={cn(
                  'font-semibold tabular-nums',
                  m.net_minor > 0 ? 'text-success' : m.net_minor < 0 ? 'text-danger' : 'text-muted',
                )}
              >
                {m.net_minor > 0 ? '+' : ''}
                {money(m.net_minor)}
              </span>
              <span className="w-full text-xs text-muted">
                {tr('bills:paidShare', {
                  paid_minor: money(m.paid_minor),
                  share_minor: money(m.share_minor),
                })}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="settle-up">
        <h2 id="settle-up" className="text-lg font-bold text-espresso">
          {tr('bills:settleUp')}
        </h2>
        {balance.settle.length === 0 ? (
          <p className="mt-2 text-muted">{tr('bills:allSettled')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {balance.settle.map((t) => (
              <li key={`${t.from}-${t.to}`} className="flex flex-col items-start gap-1.5">
                <span className="break-words text-espresso">{transferSentence(t, me, nameOf, money)}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onRecordPayment(t)}
                  aria-label={tr('bills:recordPayment', { t: transferSentence(t, me, nameOf, money) })}
                >
                  <HandCoins className="size-4" aria-hidden="true" />
                  {tr('bills:recordPaymentTitle')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button className="mt-3" size="sm" variant="ghost" onClick={() => onRecordPayment(null)}>
          {tr('bills:recordAnotherPayment')}
        </Button>
      </section>
    </Card>
  );
}

import type { Expense, Payment, RecurringExpense } from '@hearth/contract';
import { Plus, ReceiptText } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { ensureQueries, type LoaderContext } from '../../../app/feature';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NoHouseState } from '../../../components/no-house-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { t as tr } from '../../../lib/i18n';
import { useDeferredReady } from '../../../lib/use-deferred-ready';
import { useLogError } from '../../../lib/use-log-error';
import { useMe } from '../../users';
import { balanceQuery, useBalance } from '../api/balance';
import { useSetCurrency } from '../api/currency';
import { useDeleteExpense, useSaveExpense } from '../api/expenses';
import type { HistoryFilter } from '../api/keys';
import { useDeletePayment, useRecordPayment } from '../api/payments';
import { useDeleteRecurring, useRecurring, useSaveRecurring } from '../api/recurring';
import { useSpending } from '../api/spending';
import { ActivityPanel } from '../components/activity-panel';
import { BalancePanel } from '../components/balance-panel';
import { CurrencyPicker } from '../components/currency-picker';
import { ExpenseFormDialog } from '../components/expense-form-dialog';
import { HistoryList } from '../components/history-list';
import { ImportExport } from '../components/import-export';
import { PaymentDialog, type PaymentDraft } from '../components/payment-dialog';
import { RecurringFormDialog } from '../components/recurring-form-dialog';
import { RecurringPanel } from '../components/recurring-panel';
import { SpendingChart } from '../components/spending-chart';
import { defaultCurrency } from '../lib/default-currency';
import { formatMoney } from '../lib/money';
import { shortNames } from '../lib/people';

const NO_FILTER: HistoryFilter = { member: '', category: '', month: '' };

/**
 * The house's shared money: the currency (chosen on first use), where everyone stands and the fewest
 * payments to settle up, the history of expenses and payments, recurring bills, spending per month, and
 * CSV export and import. Housemates' changes arrive through the live stream.
 */
export function BillsPage() {
  const me = useMe();
  const houseId = me.data?.house_id ?? null;
  const balance = useBalance({ enabled: houseId !== null });
  useLogError(balance.error);
  const drawn = useDeferredReady(!balance.isPending);

  const houseRequired =
    (me.data !== undefined && houseId === null) ||
    (isApiError(balance.error) && balance.error.code === 'house_required');

  let content: ReactNode;
  if (me.isPending || (houseId !== null && (balance.isPending || !drawn))) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner label={tr('bills:loadingBills')} />
      </div>
    );
  } else if (houseRequired || houseId === null || !me.data) {
    content = <NoHouseState icon={ReceiptText} title={tr('bills:joinHouseToShareBills')} />;
  } else if (balance.isError || !balance.data) {
    content = (
      <Banner
        variant="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void balance.refetch()}>
            {tr('bills:tryAgain')}
          </Button>
        }
      >
        {tr('bills:loadFailed')}
      </Banner>
    );
  } else if (balance.data.currency === null) {
    content = <ChooseCurrency houseId={houseId} />;
  } else {
    // Once bills are in use their page brings its own header, with the Add expense button.
    return (
      <Bills houseId={houseId} me={me.data.user_id} currency={balance.data.currency} balance={balance.data} />
    );
  }

  return (
    <>
      <PageHeader title={tr('bills:bills')} description={tr('bills:pageDescription')} />
      {content}
    </>
  );
}

function ChooseCurrency({ houseId }: { houseId: number }) {
  const setCurrency = useSetCurrency(houseId);
  return (
    <Card className="mx-auto flex max-w-xl flex-col gap-4">
      <h2 className="text-xl font-bold text-espresso">{tr('bills:chooseYourHouseCurrency')}</h2>
      <p className="text-muted">{tr('bills:currencyRecordedHint')}</p>
      <CurrencyPicker
        initial={defaultCurrency()}
        submitLabel={tr('bills:startUsingBills')}
        onSave={setCurrency.mutateAsync}
      />
    </Card>
  );
}

interface BillsProps {
  houseId: number;
  me: number;
  currency: string;
  balance: NonNullable<ReturnType<typeof useBalance>['data']>;
}

function Bills({ houseId, me, currency, balance }: BillsProps) {
  const recurring = useRecurring();
  const spending = useSpending();
  const saveExpense = useSaveExpense();
  const deleteExpense = useDeleteExpense();
  const recordPayment = useRecordPayment();
  const deletePayment = useDeletePayment();
  const saveRecurring = useSaveRecurring();
  const deleteRecurring = useDeleteRecurring();
  const setCurrency = useSetCurrency(houseId);
  useLogError(recurring.error);
  useLogError(spending.error);

  const [filter, setFilter] = useState<HistoryFilter>(NO_FILTER);
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const [paying, setPaying] = useState<PaymentDraft | null>(null);
  const [editingRecurring, setEditingRecurring] = useState<RecurringExpense | 'new' | null>(null);
  const [confirm, setConfirm] = useState<
    | { kind: 'expense'; expense: Expense }
    | { kind: 'payment'; payment: Payment }
    | { kind: 'recurring'; recurring: RecurringExpense }
    | null
  >(null);
  const [changingCurrency, setChangingCurrency] = useState(false);
  const [pageError, setPageError] = useState<string | null>(null);

  const nameOf = useMemo(() => shortNames(balance.people), [balance.people]);
  const money = useMemo(() => (minor: number) => formatMoney(minor, currency), [currency]);
  const members = balance.people.filter((p) => p.in_house);
  // The server refuses a new currency once any expense, payment or recurring bill exists.
  const nothingRecorded =
    balance.members.every((m) => m.paid_minor === 0 && m.share_minor === 0) && recurring.data?.length === 0;
  const other = members.find((p) => p.user_id !== me)?.user_id ?? me;

  const onConfirmed = () => {
    if (!confirm) return;
    setConfirm(null);
    setPageError(null);
    const failed = (what: 'expense' | 'payment' | 'recurring') => () =>
      setPageError(tr('bills:deleteFailed', { what }));
    if (confirm.kind === 'expense')
      deleteExpense.mutate(confirm.expense.expense_id, { onError: failed('expense') });
    else if (confirm.kind === 'payment')
      deletePayment.mutate(confirm.payment.payment_id, { onError: failed('payment') });
    else deleteRecurring.mutate(confirm.recurring.recurring_id, { onError: failed('recurring') });
  };

  const shared = { people: balance.people, nameOf, me, currency, money };

  return (
    <>
      <PageHeader
        title={tr('bills:bills')}
        description={tr('bills:pageDescription')}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" />
            {tr('bills:addExpense')}
          </Button>
        }
      />
      {/* On a phone: your balance, then the history, then the rest; on a large screen the history fills
        the left column and the balance heads the right one. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_320px] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <BalancePanel
            balance={balance}
            me={me}
            nameOf={nameOf}
            money={money}
            onRecordPayment={(t) => setPaying(t ? { ...t } : { from: me, to: other, amount_minor: null })}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-5 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p className="text-sm text-muted">
              {tr('bills:currency')} {currency}
              {nothingRecorded && !changingCurrency && (
                <Button variant="ghost" size="sm" className="ml-1" onClick={() => setChangingCurrency(true)}>
                  {tr('bills:change')}
                </Button>
              )}
            </p>
          </div>
          {changingCurrency && (
            <Card>
              <CurrencyPicker
                initial={currency}
                submitLabel={tr('bills:saveCurrency')}
                onSave={setCurrency.mutateAsync}
                onDone={() => setChangingCurrency(false)}
              />
            </Card>
          )}
          {pageError && <Banner variant="error">{pageError}</Banner>}
          <HistoryList
            filter={filter}
            onFilterChange={setFilter}
            members={members}
            me={me}
            nameOf={nameOf}
            money={money}
            onEdit={setEditing}
            onDeleteExpense={(expense) => setConfirm({ kind: 'expense', expense })}
            onDeletePayment={(payment) => setConfirm({ kind: 'payment', payment })}
          />
        </div>

        <aside
          className="flex min-w-0 flex-col gap-5 lg:col-start-2 lg:row-start-2"
          aria-label={tr('bills:recurringBillsSpendingAndMore')}
        >
          {recurring.isError ? (
            <Banner variant="error">{tr('bills:couldNotLoadRecurringBills')}</Banner>
          ) : (
            <RecurringPanel
              recurring={recurring.data ?? []}
              money={money}
              nameOf={nameOf}
              onAdd={() => setEditingRecurring('new')}
              onEdit={setEditingRecurring}
              onDelete={(r) => setConfirm({ kind: 'recurring', recurring: r })}
            />
          )}
          {spending.isError ? (
            <Banner variant="error">{tr('bills:couldNotLoadSpendingChart')}</Banner>
          ) : (
            <SpendingChart rows={spending.data?.rows ?? []} money={money} />
          )}
          <ActivityPanel me={me} nameOf={nameOf} money={money} />
          <ImportExport people={balance.people} nameOf={nameOf} />
        </aside>

        <ExpenseFormDialog
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          expense={editing === 'new' ? null : editing}
          {...shared}
          onSubmit={(input) =>
            saveExpense.mutateAsync({
              expenseId: editing === 'new' || !editing ? null : editing.expense_id,
              input,
            })
          }
        />
        {paying && (
          <PaymentDialog
            open
            onOpenChange={(open) => !open && setPaying(null)}
            draft={paying}
            people={balance.people}
            nameOf={nameOf}
            currency={currency}
            onSubmit={(input) => recordPayment.mutateAsync(input)}
          />
        )}
        <RecurringFormDialog
          open={editingRecurring !== null}
          onOpenChange={(open) => !open && setEditingRecurring(null)}
          recurring={editingRecurring === 'new' ? null : editingRecurring}
          {...shared}
          onSubmit={(input) =>
            saveRecurring.mutateAsync({
              id: editingRecurring === 'new' || !editingRecurring ? null : editingRecurring.recurring_id,
              input,
            })
          }
        />
        <ConfirmDialog
          open={confirm !== null}
          onOpenChange={(open) => !open && setConfirm(null)}
          title={
            confirm?.kind === 'payment'
              ? tr('bills:deletePaymentQuestion')
              : confirm?.kind === 'recurring'
                ? tr('bills:deleteRecurringBill')
                : tr('bills:deleteExpense')
          }
          description={
            confirm?.kind === 'expense'
              ? tr('bills:leavesEveryoneSBalances', {
                  title: confirm.expense.title,
                  amount_minor: money(confirm.expense.amount_minor),
                })
              : confirm?.kind === 'payment'
                ? tr('bills:thePaymentOfLeavesEveryone', {
                    amount_minor: money(confirm.payment.amount_minor),
                  })
                : confirm?.kind === 'recurring'
                  ? tr('bills:stopsExpensesItAlreadyMade', { title: confirm.recurring.title })
                  : ''
          }
          confirmLabel={tr('bills:confirmDelete')}
          destructive
          onConfirm={onConfirmed}
        />
      </div>
    </>
  );
}

export { BillsPage as Component };

/** The house's balance, in the cache before the page renders. */
export const clientLoader = (context: LoaderContext) =>
  ensureQueries(context, (api) => [balanceQuery(api)], { house: true });

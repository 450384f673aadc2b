import type { Expense, ExpenseCategory, Payment } from '@hearth/contract';
import { EXPENSE_CATEGORIES } from '@hearth/contract';
import { ArrowRightLeft, Pencil, Receipt, Repeat, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/form/input-classes';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { useExpenses } from '../api/expenses';
import type { HistoryFilter } from '../api/keys';
import { usePayments } from '../api/payments';
import { formatBillDate, formatMonth, recentMonths, todayLocal } from '../lib/bill-dates';
import { CATEGORY_LABELS } from '../lib/categories';
import { byMonth, mergeHistory } from '../lib/history';

export interface HistoryListProps {
  filter: HistoryFilter;
  onFilterChange: (filter: HistoryFilter) => void;
  members: readonly { user_id: number }[];
  me: number;
  nameOf: (userId: number) => string;
  money: (minor: number) => string;
  onEdit: (expense: Expense) => void;
  onDeleteExpense: (expense: Expense) => void;
  onDeletePayment: (payment: Payment) => void;
}

/**
 * Expenses and payments, newest first, grouped by month, filterable by member, category and month. More
 * loads as the end of the list scrolls into view (or with the button, for keyboards and old browsers).
 */
export function HistoryList(props: HistoryListProps) {
  const { filter, onFilterChange, members, nameOf } = props;
  const expenses = useExpenses(filter);
  const payments = usePayments(filter);
  useLogError(expenses.error);
  useLogError(payments.error);
  const ids = useId();
  const sentinel = useRef<HTMLDivElement>(null);

  const hasMore = Boolean(expenses.hasNextPage || (payments.hasNextPage && !filter.category));
  const loadingMore = expenses.isFetchingNextPage || payments.isFetchingNextPage;
  const loadMore = () => {
    if (expenses.hasNextPage && !expenses.isFetchingNextPage) void expenses.fetchNextPage();
    if (payments.hasNextPage && !payments.isFetchingNextPage && !filter.category)
      void payments.fetchNextPage();
  };
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore]);

  const items = mergeHistory(
    { rows: expenses.data?.pages.flatMap((p) => p.expenses) ?? [], hasMore: expenses.hasNextPage },
    // Payments have no category: filtering by one leaves them out.
    {
      rows: filter.category ? [] : (payments.data?.pages.flatMap((p) => p.payments) ?? []),
      hasMore: !filter.category && payments.hasNextPage,
    },
  );
  const months = recentMonths(todayLocal(), 24);

  return (
    <section aria-labelledby={`${ids}-title`} className="flex min-w-0 flex-col gap-3">
      <h2 id={`${ids}-title`} className="text-xl font-bold text-espresso">
        {t('bills:history')}
      </h2>
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-semibold text-espresso">
          {t('bills:member')}
          <select
            className={inputClasses}
            value={filter.member}
            onChange={(e) => onFilterChange({ ...filter, member: e.target.value })}
          >
            <option value="">{t('bills:everyone')}</option>
            {members.map((m) => (
              <option key={m.user_id} value={String(m.user_id)}>
                {nameOf(m.user_id)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-espresso">
          {t('bills:category')}
          <select
            className={inputClasses}
            value={filter.category}
            onChange={(e) => onFilterChange({ ...filter, category: e.target.value as ExpenseCategory | '' })}
          >
            <option value="">{t('bills:allCategories')}</option>
            {EXPENSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-espresso">
          {t('bills:month')}
          <select
            className={inputClasses}
            value={filter.month}
            onChange={(e) => onFilterChange({ ...filter, month: e.target.value })}
          >
            <option value="">{t('bills:allMonths')}</option>
            {months.map((m) => (
              <option key={m} value={m}>
                {formatMonth(m)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {expenses.isPending || (payments.isPending && !filter.category) ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('bills:loadingHistory')} />
        </div>
      ) : expenses.isError || payments.isError ? (
        <Banner
          variant="error"
          action={
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                void expenses.refetch();
                void payments.refetch();
              }}
            >
              {t('bills:tryAgain')}
            </Button>
          }
        >
          {t('bills:couldNotLoadHistory')}
        </Banner>
      ) : items.length === 0 && !hasMore ? (
        <p className="rounded-card border border-dashed border-tan px-4 py-6 text-center text-muted">
          {t('bills:nothingRecorded')}
          {filter.member || filter.category || filter.month ? t('bills:thatMatches') : t('bills:yet')}.
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {byMonth(items).map((group) => (
            <section key={group.month} aria-label={formatMonth(group.month)}>
              <h3 className="mb-1 text-sm font-semibold tracking-wide text-muted uppercase">
                {formatMonth(group.month)}
              </h3>
              <ul className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
                {group.items.map((item) =>
                  item.kind === 'expense' ? (
                    <ExpenseRow key={`e${item.expense.expense_id}`} expense={item.expense} {...props} />
                  ) : (
                    <PaymentRow key={`p${item.payment.payment_id}`} payment={item.payment} {...props} />
                  ),
                )}
              </ul>
            </section>
          ))}
          {hasMore && (
            <div ref={sentinel} className="flex justify-center">
              <Button variant="secondary" size="sm" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? t('bills:loading') : t('bills:loadMore')}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function ExpenseRow({
  expense,
  me,
  nameOf,
  money,
  onEdit,
  onDeleteExpense,
}: HistoryListProps & { expense: Expense }) {
  const myShare = expense.portions.find((p) => p.user_id === me)?.amount_minor ?? 0;
  return (
    <li className="flex items-start gap-3 px-3 py-3 sm:px-4">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-tan-light text-primary">
        {expense.recurring_id !== null ? (
          <Repeat className="size-4" aria-label={t('bills:recurring')} />
        ) : (
          <Receipt className="size-4" aria-hidden="true" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="min-w-0 font-semibold break-words text-espresso">{expense.title}</p>
          <p className="font-semibold text-espresso tabular-nums">{money(expense.amount_minor)}</p>
        </div>
        <p className="text-sm break-words text-muted">
          {formatBillDate(expense.spent_on)} · {CATEGORY_LABELS[expense.category]} {t('bills:historyPaidBy')}{' '}
          {expense.paid_by === me ? t('bills:payerYou') : nameOf(expense.paid_by)}
        </p>
        <p className="text-sm text-muted">{t('bills:yourShare', { myShare: money(myShare) })}</p>
        {expense.note && <p className="mt-1 text-sm break-words text-espresso">{expense.note}</p>}
        {expense.receipt_img && (
          <a
            href={expense.receipt_img}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-medium text-primary underline"
          >
            {t('bills:receiptPhoto')}
          </a>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onEdit(expense)}
          aria-label={t('bills:edit', { title: expense.title })}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onDeleteExpense(expense)}
          aria-label={t('bills:delete', { title: expense.title })}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

function PaymentRow({
  payment,
  me,
  nameOf,
  money,
  onDeletePayment,
}: HistoryListProps & { payment: Payment }) {
  const sentence = t('bills:paymentSentence', {
    from: payment.from === me ? 'me' : 'other',
    to: payment.to === me ? 'me' : 'other',
    fromName: nameOf(payment.from),
    toName: nameOf(payment.to),
  });
  return (
    <li className="flex items-start gap-3 px-3 py-3 sm:px-4">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-tan-light text-success">
        <ArrowRightLeft className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="min-w-0 font-semibold break-words text-espresso">{sentence}</p>
          <p className="font-semibold text-success tabular-nums">{money(payment.amount_minor)}</p>
        </div>
        <p className="text-sm text-muted">
          {t('bills:payment', { paid_on: formatBillDate(payment.paid_on) })}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onDeletePayment(payment)}
        aria-label={t('bills:deletePayment', { sentence, amount_minor: money(payment.amount_minor) })}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

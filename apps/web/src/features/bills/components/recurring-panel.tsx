import type { RecurringExpense } from '@hearth/contract';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { t } from '../../../lib/i18n';
import { formatBillDate } from '../lib/bill-dates';
import { repeatWords } from '../lib/repeat-words';

export interface RecurringPanelProps {
  recurring: readonly RecurringExpense[];
  money: (minor: number) => string;
  nameOf: (userId: number) => string;
  onAdd: () => void;
  onEdit: (recurring: RecurringExpense) => void;
  onDelete: (recurring: RecurringExpense) => void;
}

/** Recurring bills with their next due date, soonest first; ended ones last. */
export function RecurringPanel({ recurring, money, nameOf, onAdd, onEdit, onDelete }: RecurringPanelProps) {
  const sorted = [...recurring].sort((a, b) =>
    a.next_on === b.next_on
      ? 0
      : a.next_on === null
        ? 1
        : b.next_on === null
          ? -1
          : a.next_on < b.next_on
            ? -1
            : 1,
  );
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-espresso">{t('bills:recurringBills')}</h2>
        <Button size="sm" variant="secondary" onClick={onAdd}>
          <Plus className="size-4" aria-hidden="true" />
          {t('bills:addRecurringBill')}
        </Button>
      </div>
      {sorted.length === 0 ? (
        <p className="text-muted">{t('bills:recurringBillsHint')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {sorted.map((r) => (
            <li key={r.recurring_id} className="flex items-start gap-3 py-2">
              <CalendarClock className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-espresso">
                  {r.title} · {money(r.amount_minor)}
                </p>
                <p className="text-sm break-words text-muted">
                  {t('bills:recurringRepeatAndPayer', {
                    repeat: repeatWords(r.repeat),
                    paid_by: nameOf(r.paid_by),
                  })}
                </p>
                <p className="text-sm text-espresso">
                  {r.next_on ? t('bills:nextDue', { next_on: formatBillDate(r.next_on) }) : t('bills:ended')}
                  {r.ends_on && r.next_on ? t('bills:until', { ends_on: formatBillDate(r.ends_on) }) : ''}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onEdit(r)}
                aria-label={t('bills:edit', { title: r.title })}
              >
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onDelete(r)}
                aria-label={t('bills:delete', { title: r.title })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

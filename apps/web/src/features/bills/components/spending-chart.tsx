import { EXPENSE_CATEGORIES, type Spending } from '@hearth/contract';
import { Card } from '../../../components/card';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { formatMonth, formatShortMonth } from '../lib/bill-dates';
import { CATEGORY_COLOURS, CATEGORY_LABELS } from '../lib/categories';
import { spendingByMonth } from '../lib/spending';

/** Months shown at once; older months are in the history. */
const MONTHS_SHOWN = 6;

/**
 * Spending per month as stacked bars, one colour per category. Each bar's label reads its month, total
 * and categories for screen readers.
 */
export function SpendingChart({ rows, money }: { rows: Spending['rows']; money: (minor: number) => string }) {
  const { months } = spendingByMonth(rows);
  const shown = months.slice(-MONTHS_SHOWN);
  const max = Math.max(1, ...shown.map((m) => m.total));
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-espresso">{t('bills:spending')}</h2>
      {shown.length === 0 ? (
        <p className="text-muted">{t('bills:spendingPerMonthShowsHere')}</p>
      ) : (
        <>
          <ul className="flex h-44 items-end gap-2" aria-label={t('bills:spendingPerMonth')}>
            {shown.map((m) => {
              const parts = m.byCategory.filter((c) => c.amount_minor > 0);
              const label = `${formatMonth(m.month)}: ${money(m.total)}; ${parts
                .map((c) => `${CATEGORY_LABELS[c.category]} ${money(c.amount_minor)}`)
                .join(', ')}`;
              return (
                <li
                  key={m.month}
                  className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
                >
                  <div
                    role="img"
                    aria-label={label}
                    title={label}
                    className="flex w-full max-w-12 flex-col-reverse overflow-hidden rounded-t-lg"
                    style={{ height: `${Math.max(2, (m.total / max) * 100)}%` }}
                  >
                    {parts.map((c) => (
                      <span
                        key={c.category}
                        className={cn('block w-full', CATEGORY_COLOURS[c.category])}
                        style={{ height: `${(c.amount_minor / m.total) * 100}%` }}
                      />
                    ))}
                  </div>
                  <span className="text-xs text-muted" aria-hidden="true">
                    {formatShortMonth(m.month)}
                  </span>
                </li>
              );
            })}
          </ul>
          <ul
            className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-espresso"
            aria-label={t('bills:categories')}
          >
            {EXPENSE_CATEGORIES.map((c) => (
              <li key={c} className="flex items-center gap-1.5">
                <span className={cn('size-3 rounded-sm', CATEGORY_COLOURS[c])} aria-hidden="true" />
                {CATEGORY_LABELS[c]}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

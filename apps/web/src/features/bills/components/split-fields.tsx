import type { BillPerson, SplitMode } from '@hearth/contract';
import { get, useController, useFormState, useWatch } from 'react-hook-form';
import { SelectField } from '../../../components/form';
import { options, t } from '../../../lib/i18n';
import type { SplitLine } from '../lib/expense-form';

const MODE_OPTIONS = options<SplitMode>([
  ['equal', () => t('bills:splitModes.equal')],
  ['shares', () => t('bills:splitModes.shares')],
  ['percent', () => t('bills:splitModes.percent')],
  ['exact', () => t('bills:splitModes.exact')],
]);

const VALUE_LABEL: Record<Exclude<SplitMode, 'equal'>, string> = {
  shares: 'shares',
  percent: 'percent',
  exact: 'amount',
};

export interface SplitFieldsProps {
  nameOf: (userId: number) => string;
  people: readonly BillPerson[];
  currency: string;
}

/**
 * How the amount is shared, bound to the form values `mode` and `lines`: who takes part (ticked) and, for
 * shares, percentages and exact amounts, what each of them gets.
 */
export function SplitFields({ nameOf, currency }: SplitFieldsProps) {
  const mode = useWatch({ name: 'mode' }) as SplitMode;
  const { field } = useController({ name: 'lines' });
  const { errors } = useFormState({ name: 'lines' });
  const error = (get(errors, 'lines') as { message?: string } | undefined)?.message;
  const lines: SplitLine[] = field.value ?? [];
  const set = (userId: number, change: Partial<SplitLine>) =>
    field.onChange(lines.map((l) => (l.user_id === userId ? { ...l, ...change } : l)));

  return (
    <div className="flex flex-col gap-3">
      <SelectField name="mode" label={t('bills:split')} options={MODE_OPTIONS} />
      <fieldset
        className="flex min-w-0 flex-col gap-1.5"
        aria-describedby={error ? 'split-lines-error' : undefined}
        ref={field.ref}
        tabIndex={-1}
      >
        <legend className="mb-1.5 text-sm font-semibold text-espresso">{t('bills:splitBetween')}</legend>
        <ul className="flex flex-col gap-1.5">
          {lines.map((line) => {
            const name = nameOf(line.user_id);
            const id = `split-${line.user_id}`;
            return (
              <li
                key={line.user_id}
                className="flex min-w-0 items-center gap-2 rounded-xl border border-line bg-field px-2.5 py-1.5"
              >
                <input
                  id={id}
                  type="checkbox"
                  className="size-5 shrink-0 accent-primary"
                  checked={line.on}
                  onChange={(e) => set(line.user_id, { on: e.target.checked })}
                />
                <label
                  htmlFor={id}
                  title={name}
                  className="min-w-0 flex-1 truncate text-sm font-medium text-espresso"
                >
                  {name}
                </label>
                {mode !== 'equal' && line.on && (
                  <span className="flex shrink-0 items-center gap-1">
                    <input
                      className="w-24 rounded-lg border border-line bg-field px-2 py-1 text-right text-sm text-espresso"
                      inputMode="decimal"
                      aria-label={t('bills:s', { name, mode: VALUE_LABEL[mode] })}
                      value={line.value}
                      onChange={(e) => set(line.user_id, { value: e.target.value })}
                    />
                    <span className="w-9 text-xs text-muted" aria-hidden="true">
                      {mode === 'percent' ? '%' : mode === 'exact' ? currency : t('bills:sh')}
                    </span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {error && (
          <p id="split-lines-error" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </fieldset>
    </div>
  );
}

import {
  type BillPerson,
  EXPENSE_CATEGORIES,
  EXPENSE_TITLE_MAX,
  REPEAT_INTERVAL_MAX,
  type RecurringExpense,
  type RecurringExpenseInput,
} from '@hearth/contract';
import { useForm, useWatch } from 'react-hook-form';
import {
  CancelButton,
  Form,
  FormDialog,
  SelectField,
  SubmitButton,
  TextField,
} from '../../../components/form';
import { options, t } from '../../../lib/i18n';
import { todayLocal } from '../lib/bill-dates';
import { CATEGORY_LABELS } from '../lib/categories';
import {
  formFieldOf,
  type RecurringFormValues,
  recurringFormValues,
  recurringInputOf,
} from '../lib/expense-form';
import { payerOptions } from '../lib/people';
import { AmountField } from './amount-field';
import { SplitFields } from './split-fields';

export interface RecurringFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recurring: RecurringExpense | null;
  people: readonly BillPerson[];
  nameOf: (userId: number) => string;
  me: number;
  currency: string;
  money: (minor: number) => string;
  onSubmit: (input: RecurringExpenseInput) => Promise<unknown>;
}

// Labels read when shown: this module may load before its words, and the language may change.
const CATEGORY_OPTIONS = options(EXPENSE_CATEGORIES.map((c) => [c, () => CATEGORY_LABELS[c]] as const));
const EVERY_OPTIONS = options([
  ['weeks', () => t('bills:everyUnits.weeks')],
  ['months', () => t('bills:everyUnits.months')],
  ['years', () => t('bills:everyUnits.years')],
]);
const DAY_OPTIONS = options([
  ['', () => t('bills:recurringDay.same')],
  ...Array.from({ length: 31 }, (_, i) => [String(i + 1), () => t('bills:day', { value: i + 1 })] as const),
  ['last', () => t('bills:recurringDay.last')],
]);

/** A bill that comes back (rent, utilities, subscriptions): what, how much, how often, until when. */
export function RecurringFormDialog({
  open,
  onOpenChange,
  recurring,
  onSubmit,
  ...rest
}: RecurringFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={recurring ? t('bills:editRecurringBill') : t('bills:addRecurringBill')}
      description={t('bills:eachDateBecomesAnExpense')}
      closeLabel={t('bills:closeRecurringBillForm')}
    >
      <RecurringForm
        key={recurring?.recurring_id ?? 'new'}
        recurring={recurring}
        {...rest}
        onSubmit={async (input) => {
          await onSubmit(input);
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

function RecurringForm({
  recurring,
  people,
  nameOf,
  me,
  currency,
  money,
  onSubmit,
}: Omit<RecurringFormDialogProps, 'open' | 'onOpenChange'>) {
  const form = useForm<RecurringFormValues>({
    defaultValues: recurringFormValues(recurring, people, me, currency, todayLocal()),
  });
  const every = useWatch({ control: form.control, name: 'every' });
  const payers = payerOptions(people, nameOf);
  return (
    <Form
      form={form}
      variant="dialog"
      legend={recurring ? t('bills:editRecurringBill') : t('bills:addRecurringBill')}
      announceFieldErrors
      toInput={(values) => recurringInputOf(values, currency, money)}
      onSubmit={onSubmit}
      failureMessage={t('bills:errors.saveRecurring')}
      fieldOf={formFieldOf}
      actions={
        <>
          <CancelButton />
          <SubmitButton>{recurring ? t('bills:save') : t('bills:addRecurringBill')}</SubmitButton>
        </>
      }
    >
      <TextField name="title" label={t('bills:title')} maxLength={EXPENSE_TITLE_MAX} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField currency={currency} />
        <SelectField name="category" label={t('bills:category')} options={CATEGORY_OPTIONS} />
      </div>
      <SelectField name="paid_by" label={t('bills:paidBy')} options={payers} />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          name="interval"
          label={t('bills:repeatEvery')}
          type="number"
          min={1}
          max={REPEAT_INTERVAL_MAX}
        />
        <SelectField name="every" label={t('bills:unit')} options={EVERY_OPTIONS} />
      </div>
      {every === 'months' && <SelectField name="month_day" label={t('bills:on')} options={DAY_OPTIONS} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="starts_on" label={t('bills:firstDate')} type="date" />
        <TextField name="ends_on" label={t('bills:endDateOptional')} type="date" />
      </div>
      <SplitFields people={people} nameOf={nameOf} currency={currency} />
    </Form>
  );
}

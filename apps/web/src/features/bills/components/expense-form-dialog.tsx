import {
  type BillPerson,
  EXPENSE_CATEGORIES,
  EXPENSE_NOTE_MAX,
  EXPENSE_TITLE_MAX,
  type Expense,
  type ExpenseInput,
} from '@hearth/contract';
import { useForm, useWatch } from 'react-hook-form';
import {
  CancelButton,
  Form,
  FormDialog,
  SelectField,
  SubmitButton,
  TextArea,
  TextField,
} from '../../../components/form';
import { ImagePicker } from '../../../components/image-picker';
import { options, t } from '../../../lib/i18n';
import { todayLocal } from '../lib/bill-dates';
import { CATEGORY_LABELS } from '../lib/categories';
import { type ExpenseFormValues, expenseFormValues, expenseInputOf, formFieldOf } from '../lib/expense-form';
import { payerOptions } from '../lib/people';
import { AmountField } from './amount-field';
import { SplitFields } from './split-fields';

export interface ExpenseFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The expense to edit; null to add one. */
  expense: Expense | null;
  people: readonly BillPerson[];
  nameOf: (userId: number) => string;
  me: number;
  currency: string;
  money: (minor: number) => string;
  onSubmit: (input: ExpenseInput) => Promise<unknown>;
}

/** Adding or editing an expense: what, how much, who paid, when, and how it is split. */
export function ExpenseFormDialog({
  open,
  onOpenChange,
  expense,
  onSubmit,
  ...rest
}: ExpenseFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={expense ? t('bills:editExpense') : t('bills:addExpense')}
      description={expense ? t('bills:changeItForTheWhole') : t('bills:recordSomethingTheHouseShares')}
      closeLabel={t('bills:closeExpenseForm')}
    >
      <ExpenseForm
        key={expense?.expense_id ?? 'new'}
        expense={expense}
        {...rest}
        onSubmit={async (input) => {
          await onSubmit(input);
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

// Labels read when shown: this module may load before its words, and the language may change.
const CATEGORY_OPTIONS = options(EXPENSE_CATEGORIES.map((c) => [c, () => CATEGORY_LABELS[c]] as const));

function ExpenseForm({
  expense,
  people,
  nameOf,
  me,
  currency,
  money,
  onSubmit,
}: Omit<ExpenseFormDialogProps, 'open' | 'onOpenChange'>) {
  const form = useForm<ExpenseFormValues>({
    defaultValues: expenseFormValues(expense, people, me, currency, todayLocal()),
  });
  const receipt = useWatch({ control: form.control, name: 'receipt_img' });
  const payers = payerOptions(people, nameOf);

  return (
    <Form
      form={form}
      variant="dialog"
      legend={expense ? t('bills:editExpense') : t('bills:addExpense')}
      announceFieldErrors
      toInput={(values) => expenseInputOf(values, currency, money)}
      onSubmit={onSubmit}
      failureMessage={t('bills:errors.saveExpense')}
      fieldOf={formFieldOf}
      actions={
        <>
          <CancelButton />
          <SubmitButton>{expense ? t('bills:save') : t('bills:addExpense')}</SubmitButton>
        </>
      }
    >
      <TextField name="title" label={t('bills:title')} maxLength={EXPENSE_TITLE_MAX} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField currency={currency} />
        <TextField name="spent_on" label={t('bills:date')} type="date" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="paid_by" label={t('bills:paidBy')} options={payers} />
        <SelectField name="category" label={t('bills:category')} options={CATEGORY_OPTIONS} />
      </div>
      <SplitFields people={people} nameOf={nameOf} currency={currency} />
      <TextArea name="note" label={t('bills:note')} maxLength={EXPENSE_NOTE_MAX} rows={2} />
      <ImagePicker
        label={t('bills:receiptPhoto')}
        value={receipt}
        onChange={(value) => form.setValue('receipt_img', value, { shouldDirty: true })}
        previewAlt={t('bills:receipt')}
      />
    </Form>
  );
}

import type { BillPerson, PaymentInput } from '@hearth/contract';
import { useForm } from 'react-hook-form';
import {
  CancelButton,
  Form,
  FormDialog,
  SelectField,
  SubmitButton,
  TextField,
} from '../../../components/form';
import { t } from '../../../lib/i18n';
import { todayLocal } from '../lib/bill-dates';
import { amountInputValue, typedAmount } from '../lib/money';
import { payerOptions } from '../lib/people';
import { AmountField } from './amount-field';

/** What the dialog starts with: a suggested payment, or nothing in particular. */
export interface PaymentDraft {
  from: number;
  to: number;
  amount_minor: number | null;
}

interface PaymentFormValues {
  from: string;
  to: string;
  amount: string;
  paid_on: string;
}

export interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: PaymentDraft;
  people: readonly BillPerson[];
  nameOf: (userId: number) => string;
  currency: string;
  onSubmit: (input: PaymentInput) => Promise<unknown>;
}

/** "Record payment": money one housemate gave another, which counts towards settling up. */
export function PaymentDialog({ open, onOpenChange, draft, onSubmit, ...rest }: PaymentDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('bills:recordPaymentTitle')}
      description={t('bills:logMoneyOneHousematePaid')}
      closeLabel={t('bills:closePaymentForm')}
    >
      <PaymentForm
        draft={draft}
        {...rest}
        onSubmit={async (input) => {
          await onSubmit(input);
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

/** The form's fields, where the API's refusals of them show. */
const PAYMENT_FIELDS = ['from', 'to', 'amount', 'paid_on'] as const;

function PaymentForm({
  draft,
  people,
  nameOf,
  currency,
  onSubmit,
}: Omit<PaymentDialogProps, 'open' | 'onOpenChange'>) {
  const form = useForm<PaymentFormValues>({
    defaultValues: {
      from: String(draft.from),
      to: String(draft.to),
      amount: draft.amount_minor === null ? '' : amountInputValue(draft.amount_minor, currency),
      paid_on: todayLocal(),
    },
  });
  const options = payerOptions(people, nameOf);
  const inputOf = (values: PaymentFormValues): PaymentInput | { field: string; message: string } => {
    const amount = typedAmount(values.amount, currency);
    if ('message' in amount) return { field: 'amount', message: amount.message };
    if (values.from === values.to) return { field: 'to', message: t('bills:chooseOtherThanPayer') };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.paid_on))
      return { field: 'paid_on', message: t('bills:chooseTheDate') };
    return {
      from: Number(values.from),
      to: Number(values.to),
      amount_minor: amount.minor,
      paid_on: values.paid_on,
    };
  };
  return (
    <Form
      form={form}
      variant="dialog"
      legend={t('bills:recordPaymentTitle')}
      toInput={inputOf}
      onSubmit={onSubmit}
      failureMessage={t('bills:errors.recordPayment')}
      fieldOf={(field) => (field === 'amount_minor' ? 'amount' : PAYMENT_FIELDS.find((f) => f === field))}
      actions={
        <>
          <CancelButton />
          <SubmitButton>{t('bills:recordPaymentTitle')}</SubmitButton>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="from" label={t('bills:whoPaid')} options={options} />
        <SelectField name="to" label={t('bills:toWhom')} options={options} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField currency={currency} />
        <TextField name="paid_on" label={t('bills:date')} type="date" />
      </div>
    </Form>
  );
}

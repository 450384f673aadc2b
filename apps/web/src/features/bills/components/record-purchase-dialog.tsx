import { EXPENSE_TITLE_MAX, type SplitMode } from '@hearth/contract';
import { ShoppingBasket } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import {
  CancelButton,
  Form,
  FormDialog,
  SelectField,
  SubmitButton,
  TextField,
} from '../../../components/form';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useMe } from '../../users';
import { useBalance } from '../api/balance';
import { useRecordPurchase } from '../api/purchase';
import { todayLocal } from '../lib/bill-dates';
import { amountAndSplit, formFieldOf, isProblem, type SplitLine } from '../lib/expense-form';
import { formatMoney } from '../lib/money';
import { payerOptions, shortNames } from '../lib/people';
import { AmountField } from './amount-field';
import { SplitFields } from './split-fields';

interface PurchaseFormValues {
  title: string;
  amount: string;
  paid_by: string;
  spent_on: string;
  mode: SplitMode;
  lines: SplitLine[];
}

export interface RecordPurchaseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  listId: number;
  listName: string;
  /** The ticked items' names, which the expense's note lists. */
  items: readonly string[];
}

/**
 * "Record purchase" on a grocery list: the ticked items become one groceries expense (amount, payer and
 * split asked here) and leave the list, in one step.
 */
export function RecordPurchaseDialog({
  open,
  onOpenChange,
  listId,
  listName,
  items,
}: RecordPurchaseDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('bills:recordPurchase')}
      description={t('bills:ticked', {
        count: items.length,
        value: items.length === 1 ? 'item' : 'items',
        value2: items.join(', '),
      })}
      closeLabel={t('bills:closePurchaseForm')}
    >
      <PurchaseForm listId={listId} listName={listName} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function PurchaseForm({
  listId,
  listName,
  onDone,
}: {
  listId: number;
  listName: string;
  onDone: () => void;
}) {
  const me = useMe();
  const balance = useBalance();
  const record = useRecordPurchase(listId);
  if (balance.isPending || me.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t('bills:loadingLabel')} />
      </div>
    );
  }
  if (balance.isError || !me.data) {
    return <Banner variant="error">{t('bills:couldNotLoadHousemates')}</Banner>;
  }
  const currency = balance.data.currency;
  if (!currency) {
    return <Banner variant="warning">{t('bills:chooseCurrencyFirst')}</Banner>;
  }
  return (
    <PurchaseFields
      people={balance.data.people}
      me={me.data.user_id}
      currency={currency}
      listName={listName}
      onSubmit={async (input) => {
        await record.mutateAsync(input);
        onDone();
      }}
    />
  );
}

function PurchaseFields({
  people,
  me,
  currency,
  listName,
  onSubmit,
}: {
  people: Parameters<typeof shortNames>[0];
  me: number;
  currency: string;
  listName: string;
  onSubmit: (input: Parameters<ReturnType<typeof useRecordPurchase>['mutateAsync']>[0]) => Promise<unknown>;
}) {
  const nameOf = shortNames(people);
  const money = (minor: number) => formatMoney(minor, currency);
  const form = useForm<PurchaseFormValues>({
    defaultValues: {
      title: listName,
      amount: '',
      paid_by: String(me),
      spent_on: todayLocal(),
      mode: 'equal',
      lines: people.filter((p) => p.in_house).map((p) => ({ user_id: p.user_id, on: true, value: '' })),
    },
  });
  const inputOf = (values: PurchaseFormValues) => {
    const made = amountAndSplit(values, currency, money);
    if (isProblem(made)) return made;
    const title = values.title.trim();
    return {
      amount_minor: made.amount_minor,
      split: made.split,
      paid_by: Number(values.paid_by),
      ...(title ? { title } : {}),
      ...(values.spent_on ? { spent_on: values.spent_on } : {}),
    };
  };
  const payers = payerOptions(people, nameOf);
  return (
    <Form
      form={form}
      variant="dialog"
      legend={t('bills:recordPurchase')}
      announceFieldErrors
      toInput={inputOf}
      onSubmit={onSubmit}
      failureMessage={t('bills:errors.recordPurchase')}
      fieldOf={formFieldOf}
      actions={
        <>
          <CancelButton />
          <SubmitButton>{t('bills:recordPurchase')}</SubmitButton>
        </>
      }
    >
      <TextField name="title" label={t('bills:title')} maxLength={EXPENSE_TITLE_MAX} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField currency={currency} />
        <TextField name="spent_on" label={t('bills:date')} type="date" />
      </div>
      <SelectField name="paid_by" label={t('bills:paidBy')} options={payers} />
      <SplitFields people={people} nameOf={nameOf} currency={currency} />
    </Form>
  );
}

/**
 * The grocery list's "Record purchase" button and its dialog: enabled once items are ticked. Takes the
 * list as the grocery page shows it.
 */
export function RecordPurchaseButton({
  list,
}: {
  list: {
    grocery_list_id: number;
    grocery_list_name: string;
    items: readonly { grocery_item_name: string; completed: boolean }[];
  };
}) {
  const [open, setOpen] = useState(false);
  const ticked = list.items.filter((i) => i.completed).map((i) => i.grocery_item_name);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        disabled={ticked.length === 0}
        title={ticked.length === 0 ? t('bills:tickTheItemsYouBought') : undefined}
        onClick={() => setOpen(true)}
      >
        <ShoppingBasket className="size-4" aria-hidden="true" />
        {t('bills:recordPurchase')}
      </Button>
      <RecordPurchaseDialog
        open={open}
        onOpenChange={setOpen}
        listId={list.grocery_list_id}
        listName={list.grocery_list_name}
        items={ticked}
      />
    </>
  );
}

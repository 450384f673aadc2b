import type { GroceryList, MealGroceryLine, MealsToGroceries, MealsToGroceriesInput } from '@hearth/contract';
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
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

export interface ShoppingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The days offered first (the rest of this week). */
  range: { from: string; to: string };
  /** The house's lists; undefined while they load. */
  lists: readonly GroceryList[] | undefined;
  onSubmit: (input: MealsToGroceriesInput) => Promise<MealsToGroceries>;
  onUndo: (additionId: number) => Promise<unknown>;
}

/** "Add to shopping list": pick days and a list, see what was added, merged and skipped, undo it all. */
export function ShoppingDialog({ open, onOpenChange, range, lists, onSubmit, onUndo }: ShoppingDialogProps) {
  const [result, setResult] = useState<MealsToGroceries | null>(null);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setResult(null);
        onOpenChange(next);
      }}
      title={t('meals:addToShoppingList')}
      description={t('meals:shoppingDescription')}
      closeLabel={t('meals:closeShopping')}
    >
      {result ? (
        <ShoppingResult
          result={result}
          onUndo={onUndo}
          onClose={() => {
            setResult(null);
            onOpenChange(false);
          }}
        />
      ) : lists === undefined ? (
        <Spinner label={t('meals:loadingLists')} />
      ) : (
        <ShoppingForm
          range={range}
          lists={lists}
          onSubmit={async (input) => setResult(await onSubmit(input))}
        />
      )}
    </FormDialog>
  );
}

interface ShoppingValues {
  from: string;
  to: string;
  list: string;
}

function ShoppingForm({
  range,
  lists,
  onSubmit,
}: {
  range: { from: string; to: string };
  lists: readonly GroceryList[];
  onSubmit: (input: MealsToGroceriesInput) => Promise<void>;
}) {
  const form = useForm<ShoppingValues>({
    defaultValues: { ...range, list: lists[0] ? String(lists[0].grocery_list_id) : '' },
  });
  if (lists.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-muted">{t('meals:noListsYet')}</p>
        <div className="flex justify-end">
          <CancelButton>{t('meals:close')}</CancelButton>
        </div>
      </div>
    );
  }
  return (
    <Form
      form={form}
      variant="dialog"
      legend={t('meals:addToShoppingList')}
      validate={(v) => (v.to < v.from ? { field: 'to', message: t('meals:errors.toBeforeFrom') } : null)}
      onSubmit={(v) => onSubmit({ from: v.from, to: v.to, grocery_list_id: Number(v.list) })}
      onFailure={(err) =>
        isApiError(err) && err.field && err.serverMessage
          ? { field: err.field === 'grocery_list_id' ? 'list' : err.field, message: err.serverMessage }
          : { message: t('meals:errors.addToList') }
      }
      actions={
        <>
          <CancelButton />
          <SubmitButton busyLabel={t('meals:adding')}>{t('meals:addIngredients')}</SubmitButton>
        </>
      }
    >
      <TextField label={t('meals:fromDay')} name="from" type="date" required />
      <TextField label={t('meals:toDay')} name="to" type="date" required />
      <SelectField
        label={t('meals:list')}
        name="list"
        options={lists.map((l) => ({ value: String(l.grocery_list_id), label: l.grocery_list_name }))}
      />
    </Form>
  );
}

function amount(line: MealGroceryLine): string {
  if (line.quantity === null) return '';
  const n = Math.round(line.quantity * 100) / 100;
  return line.unit ? `${n} ${line.unit}` : String(n);
}

function Lines({ title, lines }: { title: string; lines: readonly MealGroceryLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section>
      <h3 className="mb-1 font-semibold text-espresso">{title}</h3>
      <ul className="flex flex-col gap-1">
        {lines.map((line) => (
          <li key={line.grocery_item_id} className="break-words">
            <span className="font-medium">{line.grocery_item_name}</span>
            {line.quantity !== null && <span className="text-muted"> · {amount(line)}</span>}
            <span className="block text-sm text-muted">
              {t('meals:forMeals', { meals: line.meals.join(', ') })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ShoppingResult({
  result,
  onUndo,
  onClose,
}: {
  result: MealsToGroceries;
  onUndo: (additionId: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'undone' | 'failed'>('idle');
  const nothing = result.added.length + result.merged.length === 0;
  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      <p className="font-semibold text-espresso">
        {state === 'undone'
          ? t('meals:undone')
          : nothing
            ? t('meals:nothingToAdd')
            : t('meals:addedSummary', { added: result.added.length, merged: result.merged.length })}
      </p>
      {state !== 'undone' && (
        <>
          <Lines title={t('meals:added')} lines={result.added} />
          <Lines title={t('meals:merged')} lines={result.merged} />
          {result.skipped.length > 0 && (
            <p className="text-sm text-muted">
              {t('meals:skippedStaples', { names: result.skipped.join(', ') })}
            </p>
          )}
        </>
      )}
      {state === 'failed' && <Banner variant="error">{t('meals:errors.undo')}</Banner>}
      <div className="flex flex-wrap justify-end gap-3">
        {!nothing && state !== 'undone' && (
          <Button
            variant="secondary"
            disabled={state === 'busy'}
            onClick={async () => {
              setState('busy');
              try {
                await onUndo(result.addition_id);
                setState('undone');
              } catch {
                setState('failed');
              }
            }}
          >
            {t('meals:undo')}
          </Button>
        )}
        <Button onClick={onClose}>{t('meals:done')}</Button>
      </div>
    </div>
  );
}

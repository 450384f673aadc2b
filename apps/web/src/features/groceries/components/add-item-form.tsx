import { GROCERY_ITEM_NAME_MAX, type GroceryItem, type GrocerySuggestion } from '@hearth/contract';
import { Plus } from 'lucide-react';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { t } from '../../../lib/i18n';
import { useGrocerySuggestions } from '../api/queries';
import { CATEGORY_NAMES } from '../lib/categories';
import { spokenItem } from '../lib/shop-texts';
import { useDebounced } from '../lib/use-debounced';

export interface AddItemFormProps {
  /** The list's items: suggestions leave out what is already on it, unticked. */
  items: readonly GroceryItem[];
  /**
   * A typed line (the server reads a quantity out of it). The field empties at once; if the item cannot
   * be saved, `failed` puts the line back (unless something new was typed meanwhile).
   */
  onAdd: (name: string, failed: (name: string) => void) => void;
  /** A suggestion, with its usual quantity and its category. */
  onAddSuggestion: (suggestion: GrocerySuggestion) => void;
}

const lower = (text: string) => text.trim().toLowerCase();

/**
 * "Add new item": type a name, perhaps with a quantity ("2 kg potatoes"), and press Enter or Add. While
 * typing, what the house usually buys (then common items) shows under the field; one tap adds it with its
 * usual quantity. Arrow keys move between the field and the suggestions; Escape goes back to the field.
 */
export function AddItemForm({ items, onAdd, onAddSuggestion }: AddItemFormProps) {
  const form = useForm({ defaultValues: { name: '' } });
  const typed = form.watch('name');
  const empty = typed.trim() === '';
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const query = useDebounced(typed.trim(), 150);
  const suggestions = useGrocerySuggestions(query);

  const onList = new Set(items.filter((i) => !i.completed).map((i) => lower(i.grocery_item_name)));
  const shown = empty ? [] : (suggestions.data ?? []).filter((s) => !onList.has(lower(s.name)));

  const field = () => formRef.current?.querySelector<HTMLInputElement>('input[name="name"]');
  const buttons = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];

  const restore = (name: string) => {
    if (form.getValues('name').trim() !== '') return;
    form.setValue('name', name);
    field()?.focus();
  };

  const done = () => {
    form.reset();
    // Give the field focus back for the next item, at once (a focus request of the page may follow).
    field()?.focus();
  };

  const pick = (suggestion: GrocerySuggestion) => {
    onAddSuggestion(suggestion);
    done();
  };

  const onFieldKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && shown.length > 0) {
      event.preventDefault();
      buttons()[0]?.focus();
    }
  };
  const onSuggestionKey = (event: KeyboardEvent, index: number) => {
    const all = buttons();
    if (event.key === 'ArrowDown') all[Math.min(index + 1, all.length - 1)]?.focus();
    else if (event.key === 'ArrowUp') (index === 0 ? field() : all[index - 1])?.focus();
    else if (event.key === 'Escape') field()?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <div className="flex flex-col gap-2">
      <Form
        ref={formRef}
        form={form}
        className="flex gap-2"
        fieldsClassName="min-w-0 flex-1"
        actionsClassName="flex shrink-0 flex-col"
        // From the values, not this render: a double-click's second submit finds the field emptied.
        validate={({ name }) => name.trim() !== ''}
        onSubmit={({ name }) => {
          onAdd(name.trim(), restore);
          done();
        }}
        actions={
          <SubmitButton disabled={empty}>
            <Plus className="size-4" aria-hidden="true" />
            {t('groceries:add')}
          </SubmitButton>
        }
      >
        <TextField
          label={t('groceries:addNewItem')}
          hideLabel
          name="name"
          placeholder={t('groceries:addNewItem')}
          maxLength={GROCERY_ITEM_NAME_MAX}
          autoComplete="off"
          data-focus-key="add-item"
          aria-controls={shown.length > 0 ? listId : undefined}
          onKeyDown={onFieldKey}
        />
      </Form>
      {shown.length > 0 && (
        <ul
          ref={listRef}
          id={listId}
          aria-label={t('groceries:suggestions')}
          className="flex flex-wrap gap-2"
        >
          {shown.map((s, index) => (
            <li key={s.name} className="min-w-0 max-w-full">
              <button
                type="button"
                className="flex min-h-11 max-w-full items-center gap-2 rounded-xl border border-line bg-surface px-3 py-1.5 text-left text-sm text-espresso hover:border-tan hover:bg-tan-light"
                aria-label={t('groceries:addSuggestion', {
                  name: spokenItem(s.name, s.quantity),
                  value: CATEGORY_NAMES[s.category],
                })}
                onClick={() => pick(s)}
                onKeyDown={(event) => onSuggestionKey(event, index)}
              >
                <Plus className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {/* One text, so what is read out contains what is seen. */}
                <span className="min-w-0 break-words">{spokenItem(s.name, s.quantity)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

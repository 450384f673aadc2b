import {
  GROCERY_CATEGORIES,
  GROCERY_ITEM_NAME_MAX,
  GROCERY_QUANTITY_MAX,
  type GroceryCategory,
  type GroceryItem,
  type GroceryItemPatch,
} from '@hearth/contract';
import { useForm } from 'react-hook-form';
import {
  CancelButton,
  Form,
  FormDialog,
  SelectField,
  SubmitButton,
  TextField,
} from '../../../components/form';
import { options, t } from '../../../lib/i18n';
import { CATEGORY_NAMES } from '../lib/categories';

export interface EditItemDialogProps {
  /** The item to edit; null keeps the dialog closed. */
  item: GroceryItem | null;
  onClose: () => void;
  /** Only what changed; the dialog closes at once (the list shows the change and rolls it back on failure). */
  onSave: (item: GroceryItem, patch: GroceryItemPatch) => void;
}

// Labels read when shown: this module may load before its words, and the language may change.
const categoryOptions = options(GROCERY_CATEGORIES.map((c) => [c, () => CATEGORY_NAMES[c]] as const));

/** Name, quantity and category of one item; a new category is remembered for the house. */
export function EditItemDialog({ item, onClose, onSave }: EditItemDialogProps) {
  return (
    <FormDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('groceries:editItem')}
      description={t('groceries:aNewCategoryIsRemembered')}
      closeLabel={t('groceries:closeEditItem')}
    >
      {item && <EditItemForm item={item} onSave={onSave} />}
    </FormDialog>
  );
}

function EditItemForm({ item, onSave }: { item: GroceryItem; onSave: EditItemDialogProps['onSave'] }) {
  const form = useForm({
    defaultValues: {
      name: item.grocery_item_name,
      quantity: item.quantity ?? '',
      category: item.category as string,
    },
  });
  return (
    <Form
      form={form}
      variant="dialog"
      validate={({ name }) =>
        name.trim() === '' ? { field: 'name', message: t('groceries:giveTheItemAName') } : null
      }
      onSubmit={({ name, quantity, category }) => {
        const patch: GroceryItemPatch = {};
        if (name.trim() !== item.grocery_item_name) patch.grocery_item_name = name.trim();
        if ((quantity.trim() || null) !== item.quantity) patch.quantity = quantity.trim() || null;
        if (category !== item.category) patch.category = category as GroceryCategory;
        onSave(item, patch);
      }}
      actions={
        <>
          <CancelButton />
          <SubmitButton>{t('groceries:save')}</SubmitButton>
        </>
      }
    >
      <TextField
        label={t('groceries:name')}
        name="name"
        maxLength={GROCERY_ITEM_NAME_MAX}
        autoComplete="off"
      />
      <TextField
        label={t('groceries:quantity')}
        name="quantity"
        hint={t('groceries:quantityExample')}
        maxLength={GROCERY_QUANTITY_MAX}
        autoComplete="off"
      />
      <SelectField label={t('groceries:category')} name="category" options={categoryOptions} />
    </Form>
  );
}

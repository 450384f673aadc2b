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
import { CATEGORY_NAMES } from '../lib/categories';

export interface EditItemDialogProps {
  /** The item to edit; null keeps the dialog closed. */
  item: GroceryItem | null;
  onClose: () => void;
  /** Only what changed; the dialog closes at once (the list shows the change and rolls it back on failure). */
  onSave: (item: GroceryItem, patch: GroceryItemPatch) => void;
}

const options = GROCERY_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_NAMES[c] }));

/** Name, quantity and category of one item; a new category is remembered for the house. */
export function EditItemDialog({ item, onClose, onSave }: EditItemDialogProps) {
  return (
    <FormDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit item"
      description="A new category is remembered for everyone in the house."
      closeLabel="Close edit item"
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
        name.trim() === '' ? { field: 'name', message: 'Give the item a name.' } : null
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
          <SubmitButton>Save</SubmitButton>
        </>
      }
    >
      <TextField label="Name" name="name" maxLength={GROCERY_ITEM_NAME_MAX} autoComplete="off" />
      <TextField
        label="Quantity"
        name="quantity"
        hint='For example "2 kg" or "x6".'
        maxLength={GROCERY_QUANTITY_MAX}
        autoComplete="off"
      />
      <SelectField label="Category" name="category" options={options} />
    </Form>
  );
}

import {
  MEAL_NOTE_MAX,
  MEAL_SLOTS,
  MEAL_TITLE_MAX,
  type Meal,
  type MealInput,
  type MealSlot,
  type Member,
  RECIPE_SERVINGS_MAX,
  type Recipe,
} from '@hearth/contract';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import {
  CancelButton,
  Form,
  FormDialog,
  SelectField,
  SubmitButton,
  TextArea,
  TextField,
  useFormStatus,
} from '../../../components/form';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

interface MealFormValues {
  date: string;
  slot: MealSlot;
  recipe_id: string;
  title: string;
  servings: string;
  cook_id: string;
  note: string;
}

export interface MealDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The meal to edit, or where a new one goes. */
  meal: Meal | { date: string; slot: MealSlot };
  recipes: readonly Recipe[];
  members: readonly Member[];
  onSubmit: (input: MealInput) => Promise<unknown>;
  onDelete?: (meal: Meal) => Promise<unknown>;
}

const isMeal = (m: MealDialogProps['meal']): m is Meal => 'meal_id' in m;

export function slotName(slot: MealSlot): string {
  return t(`meals:slots.${slot}`);
}

/** Plans a meal, or changes one (its day too: that is how a meal moves), or removes it. */
export function MealDialog({
  open,
  onOpenChange,
  meal,
  recipes,
  members,
  onSubmit,
  onDelete,
}: MealDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isMeal(meal) ? t('meals:editMeal') : t('meals:planMeal')}
      description={t('meals:mealDialogDescription')}
      closeLabel={t('meals:closeMealForm')}
    >
      <MealForm
        key={isMeal(meal) ? meal.meal_id : `${meal.date}-${meal.slot}`}
        meal={meal}
        recipes={recipes}
        members={members}
        onSubmit={onSubmit}
        {...(onDelete && { onDelete })}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

function MealForm({
  meal,
  recipes,
  members,
  onSubmit,
  onDelete,
  onDone,
}: Omit<MealDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<MealFormValues>({
    defaultValues: {
      date: meal.date,
      slot: meal.slot,
      recipe_id: isMeal(meal) && meal.recipe_id !== null ? String(meal.recipe_id) : '',
      title: isMeal(meal) && meal.recipe_id === null ? meal.title : '',
      servings: String(isMeal(meal) ? meal.servings : 2),
      cook_id: isMeal(meal) && meal.cook_id !== null ? String(meal.cook_id) : '',
      note: isMeal(meal) ? (meal.note ?? '') : '',
    },
  });
  return (
    <Form
      form={form}
      variant="dialog"
      legend={t('meals:meal')}
      validate={(v) => {
        if (!v.recipe_id && !v.title.trim())
          return { field: 'title', message: t('meals:errors.titleOrRecipe') };
        const servings = Number(v.servings);
        if (!Number.isInteger(servings) || servings < 1 || servings > RECIPE_SERVINGS_MAX) {
          return { field: 'servings', message: t('meals:errors.servings', { max: RECIPE_SERVINGS_MAX }) };
        }
        return null;
      }}
      onSubmit={async (v) => {
        await onSubmit({
          date: v.date,
          slot: v.slot,
          recipe_id: v.recipe_id ? Number(v.recipe_id) : null,
          title: v.title.trim() || null,
          servings: Number(v.servings),
          cook_id: v.cook_id ? Number(v.cook_id) : null,
          note: v.note.trim() || null,
        });
        onDone();
      }}
      onFailure={(err) =>
        isApiError(err) && err.field && err.serverMessage
          ? { field: err.field, message: err.serverMessage }
          : { message: t('meals:errors.saveMeal') }
      }
      actions={
        <>
          {isMeal(meal) && onDelete && <DeleteMealButton meal={meal} onDelete={onDelete} onDone={onDone} />}
          <CancelButton />
          <SubmitButton busyLabel={t('meals:saving')}>
            {isMeal(meal) ? t('meals:saveChanges') : t('meals:planIt')}
          </SubmitButton>
        </>
      }
    >
      <TextField label={t('meals:day')} name="date" type="date" required />
      <SelectField
        label={t('meals:slot')}
        name="slot"
        options={MEAL_SLOTS.map((slot) => ({ value: slot, label: slotName(slot) }))}
      />
      <SelectField
        label={t('meals:recipe')}
        name="recipe_id"
        options={[
          { value: '', label: t('meals:noRecipe') },
          ...recipes.map((r) => ({ value: String(r.recipe_id), label: r.title })),
        ]}
      />
      <TextField
        label={t('meals:titleLabel')}
        name="title"
        maxLength={MEAL_TITLE_MAX}
        autoComplete="off"
        hint={t('meals:titleHint')}
      />
      <TextField
        label={t('meals:servings')}
        name="servings"
        type="number"
        min={1}
        max={RECIPE_SERVINGS_MAX}
        inputMode="numeric"
      />
      <SelectField
        label={t('meals:cook')}
        name="cook_id"
        options={[
          { value: '', label: t('meals:nobodyYet') },
          ...members.map((m) => ({
            value: String(m.user_id),
            label: `${m.first_name} ${m.last_name}`.trim() || m.username,
          })),
        ]}
      />
      <TextArea label={t('meals:note')} name="note" maxLength={MEAL_NOTE_MAX} />
    </Form>
  );
}

function DeleteMealButton({
  meal,
  onDelete,
  onDone,
}: {
  meal: Meal;
  onDelete: (m: Meal) => Promise<unknown>;
  onDone: () => void;
}) {
  const { busy, run } = useFormStatus();
  return (
    <Button
      type="button"
      variant="danger"
      disabled={busy !== null}
      onClick={() =>
        run(
          'delete',
          async () => {
            await onDelete(meal);
            onDone();
          },
          () => ({ message: t('meals:errors.deleteMeal') }),
        )
      }
    >
      {t('meals:remove')}
    </Button>
  );
}

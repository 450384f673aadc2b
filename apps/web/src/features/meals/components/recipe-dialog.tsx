import {
  RECIPE_NOTES_MAX,
  RECIPE_SERVINGS_MAX,
  RECIPE_SOURCE_URL_MAX,
  RECIPE_TITLE_MAX,
  type Recipe,
  type RecipeInput,
} from '@hearth/contract';
import { useForm } from 'react-hook-form';
import { CancelButton, Form, FormDialog, SubmitButton, TextArea, TextField } from '../../../components/form';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

interface RecipeValues {
  title: string;
  servings: string;
  ingredients: string;
  steps: string;
  tags: string;
  notes: string;
  source_url: string;
  prep_minutes: string;
  cook_minutes: string;
}

export interface RecipeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recipe: Recipe | null;
  onSubmit: (input: RecipeInput) => Promise<unknown>;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

const minutes = (text: string) => (text.trim() === '' ? null : Number(text));

/** Writes a recipe: ingredients one a line as people write them ("200 g spaghetti"), steps one a line. */
export function RecipeDialog({ open, onOpenChange, recipe, onSubmit }: RecipeDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={recipe ? t('meals:editRecipe') : t('meals:newRecipe')}
      description={t('meals:recipeDialogDescription')}
      closeLabel={t('meals:closeRecipeForm')}
    >
      <RecipeForm
        key={recipe?.recipe_id ?? 'new'}
        recipe={recipe}
        onSubmit={onSubmit}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

function RecipeForm({
  recipe,
  onSubmit,
  onDone,
}: {
  recipe: Recipe | null;
  onSubmit: (input: RecipeInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm<RecipeValues>({
    defaultValues: {
      title: recipe?.title ?? '',
      servings: String(recipe?.servings ?? 4),
      ingredients: recipe?.ingredients.map((i) => i.text).join('\n') ?? '',
      steps: recipe?.steps.join('\n') ?? '',
      tags: recipe?.tags.join(', ') ?? '',
      notes: recipe?.notes ?? '',
      source_url: recipe?.source_url ?? '',
      prep_minutes: recipe?.prep_minutes?.toString() ?? '',
      cook_minutes: recipe?.cook_minutes?.toString() ?? '',
    },
  });
  return (
    <Form
      form={form}
      variant="dialog"
      legend={t('meals:recipe')}
      validate={(v) => {
        if (!v.title.trim()) return { field: 'title', message: t('meals:errors.recipeTitle') };
        const servings = Number(v.servings);
        if (!Number.isInteger(servings) || servings < 1 || servings > RECIPE_SERVINGS_MAX) {
          return { field: 'servings', message: t('meals:errors.servings', { max: RECIPE_SERVINGS_MAX }) };
        }
        return null;
      }}
      onSubmit={async (v) => {
        await onSubmit({
          title: v.title.trim(),
          servings: Number(v.servings),
          // An unchanged line keeps what was read from it; a changed one is read again by the server.
          ingredients: lines(v.ingredients).map((text) => ({ text })),
          steps: lines(v.steps),
          tags: v.tags
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== ''),
          notes: v.notes.trim() || null,
          source_url: v.source_url.trim() || null,
          image: recipe?.image ?? null,
          prep_minutes: minutes(v.prep_minutes),
          cook_minutes: minutes(v.cook_minutes),
        });
        onDone();
      }}
      onFailure={(err) =>
        isApiError(err) && err.field && err.serverMessage
          ? { field: err.field.replace(/^\//, '').split('/')[0], message: err.serverMessage }
          : { message: t('meals:errors.saveRecipe') }
      }
      actions={
        <>
          <CancelButton />
          <SubmitButton busyLabel={t('meals:saving')}>
            {recipe ? t('meals:saveChanges') : t('meals:createRecipe')}
          </SubmitButton>
        </>
      }
    >
      <TextField label={t('meals:titleLabel')} name="title" maxLength={RECIPE_TITLE_MAX} autoComplete="off" />
      <TextField
        label={t('meals:servings')}
        name="servings"
        type="number"
        min={1}
        max={RECIPE_SERVINGS_MAX}
        inputMode="numeric"
      />
      <TextArea
        label={t('meals:ingredients')}
        name="ingredients"
        hint={t('meals:ingredientsHint')}
        rows={6}
      />
      <TextArea label={t('meals:steps')} name="steps" hint={t('meals:stepsHint')} rows={6} />
      <TextField label={t('meals:tags')} name="tags" hint={t('meals:tagsHint')} autoComplete="off" />
      <TextField
        label={t('meals:prepMinutes')}
        name="prep_minutes"
        type="number"
        min={0}
        inputMode="numeric"
      />
      <TextField
        label={t('meals:cookMinutes')}
        name="cook_minutes"
        type="number"
        min={0}
        inputMode="numeric"
      />
      <TextField
        label={t('meals:sourceUrl')}
        name="source_url"
        type="url"
        maxLength={RECIPE_SOURCE_URL_MAX}
      />
      <TextArea label={t('meals:notes')} name="notes" maxLength={RECIPE_NOTES_MAX} />
    </Form>
  );
}

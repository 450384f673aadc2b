import { RECIPE_SOURCE_URL_MAX, type Recipe } from '@hearth/contract';
import { BookOpen, ChefHat, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { inputClasses } from '../../../components/form';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useDeleteRecipe, useImportRecipe, useRecipes, useSaveRecipe } from '../api';
import { RecipeDialog } from './recipe-dialog';

/** The house's recipes: search by title, tag or ingredient, write, import from a link, cook, remove. */
export function RecipesPanel({ onCook }: { onCook: (recipe: Recipe) => void }) {
  const [q, setQ] = useState('');
  const recipes = useRecipes(q.trim());
  const save = useSaveRecipe();
  const remove = useDeleteRecipe();
  const [editing, setEditing] = useState<Recipe | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const searchId = useId();
  const list = recipes.data ?? [];
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-bold text-espresso">{t('meals:recipes')}</h2>
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" />
          {t('meals:newRecipe')}
        </Button>
      </div>
      <div>
        <label htmlFor={searchId} className="sr-only">
          {t('meals:searchRecipes')}
        </label>
        <input
          id={searchId}
          type="search"
          className={inputClasses}
          placeholder={t('meals:searchRecipes')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <ImportForm />
      {error && <Banner variant="error">{error}</Banner>}
      {recipes.isPending ? (
        <Spinner label={t('meals:loadingRecipes')} />
      ) : recipes.isError ? (
        <Banner variant="error">{t('meals:errors.loadRecipes')}</Banner>
      ) : list.length === 0 ? (
        <EmptyState icon={BookOpen} title={q ? t('meals:noRecipeMatches') : t('meals:noRecipesYet')} />
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {list.map((recipe) => (
            <li key={recipe.recipe_id} className="flex flex-wrap items-center gap-2 py-2">
              <div className="min-w-0 flex-1">
                <p className="break-words font-semibold text-espresso">{recipe.title}</p>
                <p className="text-sm text-muted">
                  {t('meals:servesIngredients', {
                    servings: recipe.servings,
                    count: recipe.ingredients.length,
                  })}
                  {recipe.tags.length > 0 && ` · ${recipe.tags.join(', ')}`}
                </p>
              </div>
              <Button size="sm" variant="secondary" onClick={() => onCook(recipe)}>
                <ChefHat className="size-4" aria-hidden="true" />
                {t('meals:cook')}
                <span className="sr-only">{recipe.title}</span>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('meals:editNamed', { title: recipe.title })}
                onClick={() => setEditing(recipe)}
              >
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('meals:removeNamed', { title: recipe.title })}
                onClick={() => {
                  setError(null);
                  remove.mutate(recipe.recipe_id, {
                    onError: () => setError(t('meals:errors.deleteRecipe')),
                  });
                }}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing !== null && (
        <RecipeDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          recipe={editing === 'new' ? null : editing}
          onSubmit={(input) => save.mutateAsync({ id: editing === 'new' ? null : editing.recipe_id, input })}
        />
      )}
    </Card>
  );
}

/** Paste a recipe page's address: the server reads its recipe and saves it. */
function ImportForm() {
  const importer = useImportRecipe();
  const [url, setUrl] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const id = useId();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!url.trim()) return;
        setMessage(null);
        importer.mutate(
          { url: url.trim() },
          {
            onSuccess: (recipe) => {
              setUrl('');
              setMessage({ kind: 'success', text: t('meals:imported', { title: recipe.title }) });
            },
            onError: (err) =>
              setMessage({
                kind: 'error',
                text:
                  isApiError(err) && err.code === 'no_recipe_found'
                    ? t('meals:errors.noRecipeFound')
                    : isApiError(err) && err.serverMessage
                      ? err.serverMessage
                      : t('meals:errors.import'),
              }),
          },
        );
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold text-espresso">
        {t('meals:importFromLink')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          type="url"
          inputMode="url"
          className={`${inputClasses} min-w-0 flex-1`}
          placeholder={t('meals:urlPlaceholder')}
          maxLength={RECIPE_SOURCE_URL_MAX}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          disabled={importer.isPending}
        />
        <Button type="submit" variant="secondary" disabled={importer.isPending || !url.trim()}>
          {importer.isPending ? t('meals:importing') : t('meals:import')}
        </Button>
      </div>
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'text-sm text-danger' : 'text-sm text-muted'}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}

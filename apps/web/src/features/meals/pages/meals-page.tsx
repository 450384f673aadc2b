import { MEAL_SLOTS, type Meal, type MealSlot, type Member, type Recipe } from '@hearth/contract';
import { ChevronLeft, ChevronRight, CookingPot, Copy, Plus, ShoppingBasket } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { NoHouseState } from '../../../components/no-house-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { formatDay } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { useMe } from '../../users';
import {
  useCopyWeek,
  useDeleteMeal,
  useGroceryLists,
  useMembers,
  usePlan,
  useRecipes,
  useSaveMeal,
  useToGroceries,
  useUndoAddition,
} from '../api';
import { CookDialog } from '../components/cook-dialog';
import { MealDialog, slotName } from '../components/meal-dialog';
import { RecipesPanel } from '../components/recipes-panel';
import { ShoppingDialog } from '../components/shopping-dialog';
import { StaplesPanel } from '../components/staples-panel';
import { addDays, dateOf, dayOf, restOfWeek, weekDays, weekStart } from '../lib/week';

type Editing = Meal | { date: string; slot: MealSlot } | null;

/**
 * The week's meals: seven days of breakfast, lunch, dinner and snack; plan, change, move (change the day)
 * and remove a meal, copy last week, send the week's ingredients to a grocery list, cook a recipe.
 */
export function MealsPage() {
  const me = useMe();
  const houseId = me.data?.house_id ?? null;
  const hasHouse = houseId !== null;
  const today = dayOf(new Date());
  const [monday, setMonday] = useState(() => weekStart(today));
  const days = weekDays(monday);
  const plan = usePlan(days[0] as string, days[6] as string, hasHouse);
  const lastWeek = usePlan(addDays(monday, -7), addDays(monday, -1), hasHouse);
  const recipes = useRecipes('', hasHouse);
  const members = useMembers(houseId);
  const saveMeal = useSaveMeal();
  const deleteMeal = useDeleteMeal();
  const copyWeek = useCopyWeek();
  const [editing, setEditing] = useState<Editing>(null);
  const [shopping, setShopping] = useState(false);
  const lists = useGroceryLists(shopping);
  const toGroceries = useToGroceries();
  const undo = useUndoAddition();
  const [cooking, setCooking] = useState<{ recipe: Recipe; servings?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useLogError(plan.error);

  const byDaySlot = useMemo(() => {
    const map = new Map<string, Meal[]>();
    for (const meal of plan.data ?? []) {
      const key = `${meal.date}|${meal.slot}`;
      map.set(key, [...(map.get(key) ?? []), meal]);
    }
    return map;
  }, [plan.data]);
  const peopleById = useMemo(
    () => new Map<number, Member>((members.data ?? []).map((m) => [m.user_id, m])),
    [members.data],
  );
  const recipeById = useMemo(
    () => new Map<number, Recipe>((recipes.data ?? []).map((r) => [r.recipe_id, r])),
    [recipes.data],
  );

  if (me.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('meals:loadingPlan')} />
      </div>
    );
  }
  if (!hasHouse) return <NoHouseState icon={CookingPot} title={t('meals:joinHouseToPlan')} />;

  const copyLastWeek = () => {
    setError(null);
    const meals = (lastWeek.data ?? []).map((m) => ({ ...m, date: addDays(m.date, 7) }));
    copyWeek.mutate(meals, { onError: () => setError(t('meals:errors.copyWeek')) });
  };
  const shoppingRange =
    monday === weekStart(today) ? restOfWeek(today) : { from: days[0] as string, to: days[6] as string };

  return (
    <>
      <PageHeader
        title={t('meals:meals')}
        description={t('meals:pageDescription')}
        actions={
          <Button onClick={() => setShopping(true)}>
            <ShoppingBasket className="size-4" aria-hidden="true" />
            {t('meals:addToShoppingList')}
          </Button>
        }
      />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex min-w-0 flex-col gap-4">
          <nav aria-label={t('meals:weeks')} className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('meals:previousWeek')}
              onClick={() => setMonday(addDays(monday, -7))}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setMonday(weekStart(today))}>
              {t('meals:thisWeek')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('meals:nextWeek')}
              onClick={() => setMonday(addDays(monday, 7))}
            >
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
            <h2 className="min-w-0 flex-1 font-semibold text-espresso" aria-live="polite">
              {t('meals:weekOf', { day: formatDay(dateOf(monday)) })}
            </h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={copyWeek.isPending || (lastWeek.data ?? []).length === 0}
              onClick={copyLastWeek}
            >
              <Copy className="size-4" aria-hidden="true" />
              {t('meals:copyLastWeek')}
            </Button>
          </nav>
          {error && <Banner variant="error">{error}</Banner>}
          {plan.isError ? (
            <Banner
              variant="error"
              action={
                <Button variant="secondary" size="sm" onClick={() => void plan.refetch()}>
                  {t('meals:tryAgain')}
                </Button>
              }
            >
              {t('meals:errors.loadPlan')}
            </Banner>
          ) : plan.isPending ? (
            <div className="flex justify-center py-16">
              <Spinner label={t('meals:loadingPlan')} />
            </div>
          ) : (
            <ol className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-3">
              {days.map((day) => (
                <li key={day}>
                  <Card
                    className={`flex h-full flex-col gap-2 p-3 ${day === today ? 'ring-2 ring-primary' : ''}`}
                  >
                    <h3 className="font-bold text-espresso">
                      {formatDay(dateOf(day))}
                      {day === today && (
                        <span className="ml-2 text-sm font-normal text-muted">{t('meals:today')}</span>
                      )}
                    </h3>
                    {MEAL_SLOTS.map((slot) => {
                      const meals = byDaySlot.get(`${day}|${slot}`) ?? [];
                      return (
                        <div key={slot} className="flex flex-col gap-1 border-t border-line pt-1">
                          <div className="flex items-center justify-between gap-2">
                            <span className="text-xs font-semibold uppercase tracking-wide text-muted">
                              {slotName(slot)}
                            </span>
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={t('meals:addMealTo', {
                                slot: slotName(slot),
                                day: formatDay(dateOf(day)),
                              })}
                              onClick={() => setEditing({ date: day, slot })}
                            >
                              <Plus className="size-4" aria-hidden="true" />
                            </Button>
                          </div>
                          {meals.map((meal) => {
                            const cook = meal.cook_id === null ? null : peopleById.get(meal.cook_id);
                            const recipe =
                              meal.recipe_id === null ? undefined : recipeById.get(meal.recipe_id);
                            return (
                              <div key={meal.meal_id} className="flex items-start gap-1">
                                <button
                                  type="button"
                                  className="min-h-11 min-w-0 flex-1 rounded-lg px-2 py-1 text-left hover:bg-tan-light focus-visible:outline-2 focus-visible:outline-primary"
                                  onClick={() => setEditing(meal)}
                                >
                                  <span className="block break-words font-semibold text-espresso">
                                    {meal.title}
                                  </span>
                                  <span className="block text-sm text-muted">
                                    {t('meals:servingsCount', { count: meal.servings })}
                                    {cook &&
                                      ` · ${t('meals:cookedBy', { name: cook.first_name || cook.username })}`}
                                  </span>
                                </button>
                                {recipe && (
                                  <Button
                                    variant="ghost"
                                    size="sm"
                                    aria-label={t('meals:cookMealNamed', {
                                      title: meal.title,
                                      count: meal.servings,
                                    })}
                                    onClick={() => setCooking({ recipe, servings: meal.servings })}
                                  >
                                    <CookingPot className="size-4" aria-hidden="true" />
                                  </Button>
                                )}
                              </div>
                            );
                          })}
                        </div>
                      );
                    })}
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <RecipesPanel onCook={(recipe) => setCooking({ recipe })} />
          <StaplesPanel houseId={houseId} />
        </div>
      </div>
      {editing && (
        <MealDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          meal={editing}
          recipes={recipes.data ?? []}
          members={members.data ?? []}
          onSubmit={(input) =>
            saveMeal.mutateAsync({ id: 'meal_id' in editing ? editing.meal_id : null, input })
          }
          onDelete={(meal) => deleteMeal.mutateAsync(meal.meal_id)}
        />
      )}
      {shopping && (
        <ShoppingDialog
          open
          onOpenChange={setShopping}
          range={shoppingRange}
          lists={lists.data}
          onSubmit={(input) => toGroceries.mutateAsync(input)}
          onUndo={(id) => undo.mutateAsync(id)}
        />
      )}
      <CookDialog
        recipe={cooking?.recipe ?? null}
        {...(cooking?.servings !== undefined && { servings: cooking.servings })}
        onClose={() => setCooking(null)}
      />
    </>
  );
}

export { MealsPage as Component };

import { RECIPE_SERVINGS_MAX, type Recipe } from '@hearth/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/form';
import { t } from '../../../lib/i18n';
import { ingredientLine } from '../lib/scale';

export interface CookDialogProps {
  recipe: Recipe | null;
  servings?: number;
  onClose: () => void;
}

/** Keeps the screen on while `active` (Wake Lock), where the browser can; released on leaving. */
function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let gone = false;
    const take = () =>
      navigator.wakeLock.request('screen').then(
        (l) => {
          if (gone) void l.release();
          else lock = l;
        },
        () => undefined,
      );
    void take();
    // A lock ends when the page is hidden; take it again on coming back.
    const again = () => {
      if (document.visibilityState === 'visible') void take();
    };
    document.addEventListener('visibilitychange', again);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', again);
      void lock?.release();
    };
  }, [active]);
}

/** Cook mode: the recipe scaled to the servings chosen, ingredients to tick, steps one per screen. */
export function CookDialog({ recipe, servings, onClose }: CookDialogProps) {
  return (
    <Dialog.Root open={recipe !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-surface p-4 text-espresso sm:p-8">
          {recipe && <Cook key={recipe.recipe_id} recipe={recipe} servings={servings ?? recipe.servings} />}
          <Dialog.Close asChild>
            <Button variant="ghost" className="absolute top-3 right-3" aria-label={t('meals:closeCookMode')}>
              <X className="size-5" aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Cook({ recipe, servings: initial }: { recipe: Recipe; servings: number }) {
  const [servings, setServings] = useState(initial);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [step, setStep] = useState(0);
  const servingsId = useId();
  useWakeLock(true);
  const steps = recipe.steps;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 pt-8">
      <Dialog.Title className="break-words text-2xl font-bold sm:text-3xl">{recipe.title}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('meals:cookDescription')}</Dialog.Description>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={servingsId} className="font-semibold">
          {t('meals:servings')}
        </label>
        <input
          id={servingsId}
          type="number"
          min={1}
          max={RECIPE_SERVINGS_MAX}
          className={`${inputClasses} w-24`}
          value={servings}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isInteger(n) && n >= 1 && n <= RECIPE_SERVINGS_MAX) setServings(n);
          }}
        />
      </div>
      <section>
        <h2 className="mb-2 text-xl font-bold">{t('meals:ingredients')}</h2>
        <ul className="flex flex-col gap-2">
          {recipe.ingredients.map((ingredient, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a recipe's lines have no id of their own
            <li key={i}>
              <label className="flex min-h-11 items-start gap-3 text-lg">
                <input
                  type="checkbox"
                  className="mt-1.5 size-5"
                  checked={ticked.has(i)}
                  onChange={() =>
                    setTicked((prev) => {
                      const next = new Set(prev);
                      if (next.has(i)) next.delete(i);
                      else next.add(i);
                      return next;
                    })
                  }
                />
                <span className={ticked.has(i) ? 'break-words text-muted line-through' : 'break-words'}>
                  {ingredientLine(ingredient, recipe.servings, servings)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </section>
      {steps.length > 0 && (
        <section aria-live="polite">
          <h2 className="mb-2 text-xl font-bold">
            {t('meals:stepOf', { step: step + 1, count: steps.length })}
          </h2>
          <p className="min-h-32 break-words text-2xl leading-relaxed sm:text-3xl">{steps[step]}</p>
          <div className="mt-4 flex justify-between gap-3">
            <Button variant="secondary" size="lg" disabled={step === 0} onClick={() => setStep(step - 1)}>
              <ChevronLeft className="size-5" aria-hidden="true" />
              {t('meals:previousStep')}
            </Button>
            <Button size="lg" disabled={step >= steps.length - 1} onClick={() => setStep(step + 1)}>
              {t('meals:nextStep')}
              <ChevronRight className="size-5" aria-hidden="true" />
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

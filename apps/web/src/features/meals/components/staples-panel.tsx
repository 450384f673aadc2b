import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { inputClasses } from '../../../components/form';
import { t } from '../../../lib/i18n';
import { useSaveStaples, useStaples } from '../api';

/** What the house always has ("salt", "olive oil"): never added to a list from meals. One a line. */
export function StaplesPanel({ houseId }: { houseId: number }) {
  const staples = useStaples(houseId);
  const save = useSaveStaples();
  const [draft, setDraft] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const id = useId();
  const hintId = useId();
  const text = draft ?? (staples.data?.staples ?? []).join('\n');
  return (
    <Card className="p-4 sm:p-5">
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setStatus(null);
          save.mutate(
            {
              houseId,
              staples: text
                .split('\n')
                .map((s) => s.trim())
                .filter((s) => s !== ''),
            },
            {
              onSuccess: () => {
                setDraft(null);
                setStatus(t('meals:staplesSaved'));
              },
              onError: () => setStatus(t('meals:errors.saveStaples')),
            },
          );
        }}
      >
        <label htmlFor={id} className="font-bold text-espresso">
          {t('meals:staples')}
        </label>
        <p id={hintId} className="text-sm text-muted">
          {t('meals:staplesHint')}
        </p>
        <textarea
          id={id}
          aria-describedby={hintId}
          rows={4}
          className={inputClasses}
          value={text}
          disabled={staples.isPending || save.isPending}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-end gap-3">
          {status && (
            <p role="status" className="text-sm text-muted">
              {status}
            </p>
          )}
          <Button type="submit" size="sm" variant="secondary" disabled={save.isPending || draft === null}>
            {save.isPending ? t('meals:saving') : t('meals:saveStaples')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

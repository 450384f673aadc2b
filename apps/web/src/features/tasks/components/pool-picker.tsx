import type { TaskMember } from '@hearth/contract';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { get, useController, useFormState } from 'react-hook-form';
import { Button } from '../../../components/button';
import { MemberAvatar } from '../../../components/member-avatar';
import { t } from '../../../lib/i18n';
import { memberName } from '../api/get-task-members';
import type { PoolEntry } from '../lib/task-form-values';

export interface PoolPickerProps {
  members: ReadonlyMap<number, TaskMember>;
  /** Round robin shows the turn order and lets it change. */
  ordered: boolean;
}

/** Who takes part in the rotation (ticked), in turn order (moved with the arrows), bound to `pool`. */
export function PoolPicker({ members, ordered }: PoolPickerProps) {
  const { field } = useController({ name: 'pool' });
  const { errors } = useFormState({ name: 'pool' });
  const error = (get(errors, 'pool') as { message?: string } | undefined)?.message;
  const entries: PoolEntry[] = field.value ?? [];
  const set = (next: PoolEntry[]) => field.onChange(next);
  const move = (index: number, by: number) => {
    const next = [...entries];
    const [entry] = next.splice(index, 1);
    next.splice(index + by, 0, entry!);
    set(next);
  };
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? 'pool-error' : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-espresso">
        {ordered ? t('tasks:whoTakesTurnsInOrder') : t('tasks:whoSharesIt')}
      </legend>
      <ol className="flex flex-col gap-1.5">
        {entries.map((entry, index) => {
          const member = members.get(entry.user_id);
          const name = memberName(member);
          const id = `pool-${entry.user_id}`;
          return (
            <li
              key={entry.user_id}
              className="flex items-center gap-2 rounded-xl border border-line bg-field px-2.5 py-1.5"
            >
              <input
                id={id}
                type="checkbox"
                className="size-5 shrink-0 accent-primary"
                checked={entry.on}
                onChange={(e) =>
                  set(entries.map((p) => (p.user_id === entry.user_id ? { ...p, on: e.target.checked } : p)))
                }
              />
              <MemberAvatar member={member} className="size-6 text-[0.65rem]" />
              <label htmlFor={id} className="min-w-0 flex-1 truncate text-sm font-medium text-espresso">
                {name}
              </label>
              {ordered && (
                <span className="flex shrink-0">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="size-9 p-0"
                    aria-label={t('tasks:moveEarlier', { name })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="size-9 p-0"
                    aria-label={t('tasks:moveLater', { name })}
                    disabled={index === entries.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {error && (
        <p id="pool-error" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

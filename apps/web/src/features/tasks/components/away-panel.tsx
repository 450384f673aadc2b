import type { AwayInput, AwayPeriod, TaskMember } from '@hearth/contract';
import { Plane, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { MemberAvatar } from '../../../components/member-avatar';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useAddAwayPeriod, useRemoveAwayPeriod } from '../api/away';
import { memberName } from '../api/get-task-members';
import { awayDates } from '../lib/due-words';

export interface AwayPanelProps {
  periods: readonly AwayPeriod[];
  members: ReadonlyMap<number, TaskMember>;
  meId: number;
  now: Date;
  zone: string;
}

/**
 * Who is away when: the house's away periods, each member's own removable, and a form to add one for
 * yourself. Tasks that take turns skip whoever is away on their due date.
 */
export function AwayPanel({ periods, members, meId, now, zone }: AwayPanelProps) {
  const add = useAddAwayPeriod();
  const remove = useRemoveAwayPeriod();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const form = useForm<AwayInput>({ defaultValues: { starts_on: '', ends_on: '' } });

  return (
    <div className="flex flex-col gap-4">
      {periods.length === 0 ? (
        <p className="text-sm text-muted">{t('tasks:nobodyIsAway')}</p>
      ) : (
        <ul aria-label={t('tasks:whoIsAway')} className="flex flex-col gap-2">
          {periods.map((period) => {
            const member = members.get(period.user_id);
            const dates = awayDates(period.starts_on, period.ends_on, now, zone);
            return (
              <li key={period.away_id} className="flex items-center gap-2 text-sm">
                <MemberAvatar member={member} className="size-6 text-[0.65rem]" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-espresso">{memberName(member)}</span>
                  <span className="text-muted">{dates}</span>
                </span>
                {period.user_id === meId && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="size-9 shrink-0 p-0"
                    aria-label={t('tasks:removeYourTimeAway', { dates })}
                    disabled={remove.isPending}
                    onClick={() => {
                      setRemoveError(null);
                      remove.mutate(period.away_id, {
                        onError: () => setRemoveError(t('tasks:errors.removeAway')),
                      });
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {removeError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {removeError}
        </p>
      )}
      <div className="border-t border-line pt-4">
        <p className="mb-3 flex items-center gap-2 text-sm font-semibold text-espresso">
          <Plane className="size-4 text-primary" aria-hidden="true" />
          {t('tasks:addTimeAway')}
        </p>
        <Form
          form={form}
          legend={t('tasks:addTimeAway')}
          className="flex flex-col gap-3"
          validate={({ starts_on, ends_on }) => {
            if (!starts_on) return { field: 'starts_on', message: t('tasks:chooseTheFirstDay') };
            if (!ends_on) return { field: 'ends_on', message: t('tasks:chooseTheLastDay') };
            if (ends_on < starts_on) return { field: 'ends_on', message: t('tasks:theLastDayComesAfter') };
            return null;
          }}
          onSubmit={async (values) => {
            await add.mutateAsync(values);
            form.reset();
          }}
          onFailure={(err) => {
            console.error('Error saving time away:', err);
            const field = isApiError(err) ? err.field : undefined;
            if ((field === 'starts_on' || field === 'ends_on') && isApiError(err) && err.serverMessage) {
              return { field, message: err.serverMessage };
            }
            return { message: t('tasks:errors.saveAway') };
          }}
          actions={
            <SubmitButton variant="secondary" className="w-full" busyLabel={t('tasks:adding')}>
              {t('tasks:add')}
            </SubmitButton>
          }
        >
          <div className="grid grid-cols-1 gap-3 min-[380px]:grid-cols-2 lg:grid-cols-1">
            <TextField name="starts_on" label={t('tasks:from')} type="date" />
            <TextField name="ends_on" label={t('tasks:to')} type="date" />
          </div>
        </Form>
      </div>
    </div>
  );
}

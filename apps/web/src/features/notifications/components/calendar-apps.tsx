import { APP_PASSWORD_LABEL_MAX, type AppPassword, type NewAppPassword } from '@hearth/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useAppPasswords, useCreateAppPassword, useRemoveAppPassword } from '../api/app-passwords';

export interface CalendarAppsProps {
  /** The person's user name, as calendar apps sign in with it. */
  username: string;
  /** Where Hearth is reached (the page's own origin). */
  origin: string;
  headingId: string;
}

const HOW_TOS = ['apple', 'android', 'thunderbird', 'homeAssistant'] as const;

/**
 * "Calendar apps": what to enter in a phone's calendar app (server address, user name, the exact
 * collection addresses), app passwords made with a label and shown once with a copy button, the list
 * with when each was last used and Remove, and short how-tos.
 */
export function CalendarApps({ username, origin, headingId }: CalendarAppsProps) {
  const passwords = useAppPasswords();
  const create = useCreateAppPassword();
  const remove = useRemoveAppPassword();
  const [made, setMade] = useState<NewAppPassword | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm({ defaultValues: { label: '' } });
  const server = `${origin}/`;
  const home = `${origin}/dav/calendars/${encodeURIComponent(username.toLowerCase())}/`;

  async function removePassword(entry: AppPassword) {
    setFailed(null);
    try {
      await remove.mutateAsync(entry.app_password_id);
      if (made?.app_password_id === entry.app_password_id) setMade(null);
    } catch (err) {
      console.error('Error removing app password:', err);
      setFailed(t('notifications:calendarApps.removeFailed', { label: entry.label }));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{t('notifications:calendarApps.intro')}</p>
      <dl className="grid gap-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-espresso">{t('notifications:calendarApps.server')}</dt>
        <dd className="break-all font-mono text-sm">{server}</dd>
        <dt className="font-semibold text-espresso">{t('notifications:calendarApps.username')}</dt>
        <dd className="break-all font-mono text-sm">{username}</dd>
      </dl>
      <details>
        <summary className="cursor-pointer font-semibold text-espresso">
          {t('notifications:calendarApps.collections')}
        </summary>
        <ul className="mt-2 flex flex-col gap-1 font-mono text-sm break-all">
          {['house', 'tasks', 'reminders'].map((c) => (
            <li key={c}>{`${home}${c}/`}</li>
          ))}
        </ul>
      </details>

      <Form
        form={form}
        legend={t('notifications:calendarApps.newHeading')}
        validate={({ label }) =>
          label.trim() === ''
            ? { field: 'label', message: t('notifications:calendarApps.labelRequired') }
            : null
        }
        onSubmit={async ({ label }) => {
          setMade(await create.mutateAsync({ label: label.trim() }));
          form.reset();
        }}
        onFailure={(err) => {
          console.error('Error creating app password:', err);
          return isApiError(err) && err.field === 'label' && err.serverMessage
            ? { field: 'label', message: err.serverMessage }
            : { message: t('notifications:calendarApps.createFailed') };
        }}
        actions={
          <SubmitButton busyLabel={t('notifications:calendarApps.creating')}>
            {t('notifications:calendarApps.create')}
          </SubmitButton>
        }
      >
        <TextField
          label={t('notifications:calendarApps.label')}
          name="label"
          maxLength={APP_PASSWORD_LABEL_MAX}
          placeholder={t('notifications:calendarApps.labelPlaceholder')}
          autoComplete="off"
        />
      </Form>

      {made && (
        <SecretShownOnce
          intro={t('notifications:calendarApps.shownOnce', { label: made.label })}
          secret={made.password}
          testId="new-app-password"
          copyLabel={t('notifications:calendarApps.copy')}
          copyFailed={t('notifications:calendarApps.copyFailed')}
        ></SecretShownOnce>
      )}

      <h4 id={headingId} className="font-semibold text-espresso">
        {t('notifications:calendarApps.listHeading')}
      </h4>
      {failed && <Banner variant="error">{failed}</Banner>}
      {passwords.isPending ? (
        <Spinner label={t('notifications:calendarApps.loading')} />
      ) : passwords.isError ? (
        <Banner variant="error">{t('notifications:calendarApps.loadError')}</Banner>
      ) : passwords.data.length === 0 ? (
        <EmptyState icon={KeyRound} title={t('notifications:calendarApps.empty')} />
      ) : (
        <ul
          aria-labelledby={headingId}
          className="flex flex-col divide-y divide-line rounded-xl border border-line"
        >
          {passwords.data.map((entry) => (
            <li key={entry.app_password_id} className="flex items-center gap-3 px-4 py-3">
              <KeyRound className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-espresso">{entry.label}</p>
                <p className="text-sm text-muted">
                  {entry.last_used_at
                    ? t('notifications:calendarApps.lastUsed', { date: formatDate(entry.last_used_at) })
                    : t('notifications:calendarApps.neverUsed')}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('notifications:calendarApps.removeLabel', { label: entry.label })}
                onClick={() => void removePassword(entry)}
              >
                {t('notifications:calendarApps.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div className="flex flex-col gap-2">
        {HOW_TOS.map((key) => (
          <details key={key}>
            <summary className="cursor-pointer font-semibold text-espresso">
              {t(`notifications:calendarApps.howTo.${key}`)}
            </summary>
            <p className="mt-1 text-sm text-muted">{t(`notifications:calendarApps.howTo.${key}Text`)}</p>
          </details>
        ))}
      </div>
    </div>
  );
}

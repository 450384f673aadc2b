import {
  ACCESS_TOKEN_EXPIRY_DAYS,
  ACCESS_TOKEN_LABEL_MAX,
  type AccessToken,
  type AccessTokenScope,
  type NewAccessToken,
} from '@hearth/contract';
import { KeySquare } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Form, SelectField, SubmitButton, TextField } from '../../../components/form';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../api/access-tokens';

export interface ApiTokensProps {
  /** The id of the list's heading (the list is labelled by it). */
  headingId: string;
}

interface Values {
  label: string;
  scope: AccessTokenScope;
  /** A number of days, or 'never'. */
  expiry: string;
}

const scopeLabel = (scope: AccessTokenScope) =>
  scope === 'read' ? t('users:apiTokens.scopeRead') : t('users:apiTokens.scopeReadWrite');

/**
 * "API tokens": personal tokens for scripts, home automations and assistants, made with a label, a scope
 * and an expiry, shown once with a copy button, listed with when each was made, expires and was last
 * used, each with Revoke.
 */
export function ApiTokens({ headingId }: ApiTokensProps) {
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [made, setMade] = useState<NewAccessToken | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { label: '', scope: 'read', expiry: '90' } });

  async function revokeToken(entry: AccessToken) {
    setFailed(null);
    try {
      await revoke.mutateAsync(entry.access_token_id);
      if (made?.access_token_id === entry.access_token_id) setMade(null);
    } catch (err) {
      console.error('Error revoking API token:', err);
      setFailed(t('users:apiTokens.revokeFailed', { label: entry.label }));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{t('users:apiTokens.intro')}</p>

      <Form
        form={form}
        legend={t('users:apiTokens.newHeading')}
        validate={({ label }) =>
          label.trim() === '' ? { field: 'label', message: t('users:apiTokens.labelRequired') } : null
        }
        onSubmit={async ({ label, scope, expiry }) => {
          setMade(
            await create.mutateAsync({
              label: label.trim(),
              scope,
              expires_in_days: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365),
            }),
          );
          form.reset();
        }}
        onFailure={(err) => {
          console.error('Error creating API token:', err);
          return isApiError(err) && err.field === 'label' && err.serverMessage
            ? { field: 'label', message: err.serverMessage }
            : { message: t('users:apiTokens.createFailed') };
        }}
        actions={
          <SubmitButton busyLabel={t('users:apiTokens.creating')}>{t('users:apiTokens.create')}</SubmitButton>
        }
      >
        <TextField
          label={t('users:apiTokens.label')}
          name="label"
          maxLength={ACCESS_TOKEN_LABEL_MAX}
          placeholder={t('users:apiTokens.labelPlaceholder')}
          autoComplete="off"
        />
        <SelectField
          label={t('users:apiTokens.scope')}
          name="scope"
          options={[
            { value: 'read', label: scopeLabel('read') },
            { value: 'read_write', label: scopeLabel('read_write') },
          ]}
        />
        <SelectField
          label={t('users:apiTokens.expiry')}
          name="expiry"
          options={[
            ...ACCESS_TOKEN_EXPIRY_DAYS.map((days) => ({
              value: String(days),
              label: t('users:apiTokens.expiryDays', { count: days }),
            })),
            { value: 'never', label: t('users:apiTokens.expiryNever') },
          ]}
        />
      </Form>

      {made && (
        <SecretShownOnce
          intro={t('users:apiTokens.shownOnce', { label: made.label })}
          secret={made.token}
          testId="new-api-token"
          copyLabel={t('users:apiTokens.copy')}
          copyFailed={t('users:apiTokens.copyFailed')}
        ></SecretShownOnce>
      )}

      <h4 id={headingId} className="font-semibold text-espresso">
        {t('users:apiTokens.listHeading')}
      </h4>
      {failed && <Banner variant="error">{failed}</Banner>}
      {tokens.isPending ? (
        <Spinner label={t('users:apiTokens.loading')} />
      ) : tokens.isError ? (
        <Banner
          variant="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void tokens.refetch()}>
              {t('users:apiTokens.retry')}
            </Button>
          }
        >
          {t('users:apiTokens.loadError')}
        </Banner>
      ) : tokens.data.length === 0 ? (
        <EmptyState icon={KeySquare} title={t('users:apiTokens.empty')} />
      ) : (
        <ul
          aria-labelledby={headingId}
          className="flex flex-col divide-y divide-line rounded-xl border border-line"
        >
          {tokens.data.map((entry) => (
            <li key={entry.access_token_id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <KeySquare className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-espresso">
                  {entry.label}{' '}
                  <span className="text-sm font-normal text-muted">({scopeLabel(entry.scope)})</span>
                </p>
                <p className="text-sm text-muted">
                  {[
                    t('users:apiTokens.created', { date: formatDate(entry.created_at) }),
                    entry.expires_at
                      ? t('users:apiTokens.expires', { date: formatDate(entry.expires_at) })
                      : t('users:apiTokens.neverExpires'),
                    entry.last_used_at
                      ? t('users:apiTokens.lastUsed', { date: formatDate(entry.last_used_at) })
                      : t('users:apiTokens.neverUsed'),
                  ].join(' · ')}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('users:apiTokens.revokeLabel', { label: entry.label })}
                onClick={() => void revokeToken(entry)}
              >
                {t('users:apiTokens.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

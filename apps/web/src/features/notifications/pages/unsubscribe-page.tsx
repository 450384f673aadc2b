import { MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../../../components/banner';
import { Button, buttonClasses } from '../../../components/button';
import { Card } from '../../../components/card';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useUnsubscribe } from '../api/unsubscribe';
import { kindOfToken } from '../lib/unsubscribe-token';

/**
 * /unsubscribe?token=... (public: the link in an email is the credential). Opening it changes nothing; the
 * button turns email off for the link's kind. A tampered or expired link says so and changes nothing.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const kind = unsubscribe.data?.kind ?? kindOfToken(token);
  const what = t('notifications:unsubscribePage.kind', { kind: kind ?? 'other' });
  const refused =
    isApiError(unsubscribe.error) && unsubscribe.error.status >= 400 && unsubscribe.error.status < 500;

  let body: ReactNode;
  if (!token) {
    body = <Banner variant="error">{t('notifications:unsubscribePage.missing')}</Banner>;
  } else if (unsubscribe.isSuccess) {
    body = (
      <div role="status" className="flex flex-col gap-2">
        <p className="font-semibold text-espresso">{t('notifications:unsubscribePage.done', { what })}</p>
        <p className="text-muted">{t('notifications:unsubscribePage.doneHint')}</p>
      </div>
    );
  } else if (refused) {
    body = (
      <div className="flex flex-col gap-2">
        <Banner variant="error">{t('notifications:unsubscribePage.invalid')}</Banner>
        <p className="text-muted">{t('notifications:unsubscribePage.invalidHint')}</p>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-lg font-semibold break-words text-espresso">
          {t('notifications:unsubscribePage.question', { what })}
        </p>
        <p className="text-muted">{t('notifications:unsubscribePage.explain')}</p>
        {unsubscribe.isError && <Banner variant="error">{t('notifications:unsubscribePage.failed')}</Banner>}
        <Button
          className="self-start"
          disabled={unsubscribe.isPending}
          aria-busy={unsubscribe.isPending || undefined}
          onClick={() =>
            unsubscribe.mutate(token, { onError: (err) => console.error('Error unsubscribing:', err) })
          }
        >
          {unsubscribe.isPending
            ? t('notifications:unsubscribePage.busy')
            : t('notifications:unsubscribePage.button')}
        </Button>
      </div>
    );
  }

  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-8 sm:items-center sm:py-12">
      <Card className="flex w-full max-w-md flex-col gap-5">
        <div className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-tan-light text-primary">
            <MailX className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-espresso">
            {t('notifications:unsubscribePage.title')}
          </h1>
        </div>
        {body}
        <Link
          to={unsubscribe.isSuccess || refused ? '/settings' : '/'}
          className={buttonClasses('secondary', 'md', 'self-start')}
        >
          {unsubscribe.isSuccess || refused
            ? t('notifications:unsubscribePage.openSettings')
            : t('notifications:unsubscribePage.home')}
        </Link>
      </Card>
    </main>
  );
}

export { UnsubscribePage as Component };

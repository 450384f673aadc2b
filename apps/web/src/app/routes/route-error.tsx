import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { t } from '../../lib/i18n';

/**
 * Shown when a route fails to render or its code cannot be loaded (e.g. an old tab after a new release:
 * reloading fetches the new files).
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-sm text-center">
        <h1 className="text-xl font-bold text-espresso">{t('somethingWentWrong')}</h1>
        <p className="mt-2 mb-5 text-muted">{t('reloadingThePageUsuallyFixes')}</p>
        <Button className="w-full" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </Card>
    </main>
  );
}

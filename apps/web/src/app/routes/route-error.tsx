import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../../components/button';
import { Card } from '../../components/card';

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
        <h1 className="text-xl font-bold text-espresso">Something went wrong</h1>
        <p className="mt-2 mb-5 text-muted">Reloading the page usually fixes this.</p>
        <Button className="w-full" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Card>
    </main>
  );
}

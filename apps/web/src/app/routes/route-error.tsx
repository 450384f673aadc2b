import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { t } from '../../lib/i18n';

/**
 * Shown when a route fails to render or its code cannot be loaded (e.g. an old tab after a new release:
 * reloading fetches the new files).
 */
export function RouteError() {
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

/**
 * Catches what a route throws while rendering or loading; `resetKey` (the address) lets the next
 * navigation try again.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: unknown; key: string }
> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; key: string },
  ): { error: unknown; key: string } | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

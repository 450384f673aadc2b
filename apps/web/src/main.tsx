import { Fragment, type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoutes } from './app/router';
import { AppBrowserRouter } from './app/routing/browser-router';
import { dropEarlyReadsLater } from './lib/early-reads';
import { startingLanguage, switchLanguage, useLanguage } from './lib/i18n';
import { rememberRouteScripts } from './lib/route-scripts';
import './index.css';

// The code of the page being opened (and of the shell around it) is fetched now, alongside the catalogue
// and the sign-in settings, not after them.
preloadRoutes(window.location.pathname);

/** Remounts the pages when the language changes, so every text is read again from the catalogue. */
function LanguageRoot({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>;
}

function render() {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the
  // main thread until the whole page is drawn.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <LanguageRoot>
            <AppBrowserRouter>
              <AppRoutes />
            </AppBrowserRouter>
          </LanguageRoot>
        </AppProviders>
      </StrictMode>,
    ),
  );
  rememberRouteScripts();
  dropEarlyReadsLater();
}

// German (when wanted) is loaded before the first paint, so no English flashes first. The rest of the
// English catalogue comes with the signed-in pages (see app/router.tsx).
switchLanguage(startingLanguage()).then(render, render);

import { Fragment, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { startingLanguage, switchLanguage } from './lib/i18n';
import './index.css';

const router = createAppRouter();

/** Remounts the pages when the language changes, so every text is read again from the catalogue. */
function LanguageRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <Fragment key={i18n.language}>{children}</Fragment>;
}

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <LanguageRoot>
          <RouterProvider router={router} />
        </LanguageRoot>
      </AppProviders>
    </StrictMode>,
  );
}

// German (when wanted) is loaded before the first paint, so no English flashes first.
switchLanguage(startingLanguage()).then(render, render);

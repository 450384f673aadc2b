import { Fragment, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { loadCatalogue, startingLanguage, switchLanguage, useLanguage } from './lib/i18n';
import './index.css';

const router = createAppRouter();

/** Remounts the pages when the language changes, so every text is read again from the catalogue. */
function LanguageRoot({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>;
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

// German (when wanted) is loaded before the first paint, so no English flashes first; so is the rest of
// the language's catalogue, which every page but the sign-in screen reads.
const language = startingLanguage();
Promise.all([switchLanguage(language), loadCatalogue(language)]).then(render, render);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startingLanguage, switchLanguage } from './app/i18n';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './index.css';

const router = createAppRouter();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// German (when wanted) is loaded before the first paint, so no English flashes first.
switchLanguage(startingLanguage()).then(render, render);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/providers';
import { startingLanguage, switchLanguage } from './lib/i18n';
import './index.css';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The catalogue of the language to show is loaded before the first render, so no key or other language
// flashes first.
switchLanguage(startingLanguage()).then(render, render);

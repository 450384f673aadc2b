import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components read their texts from the message catalogue (English unless a test switches), all of it
// loaded before a test file's modules are, as the app loads it before its first render.
import { loadCatalogue } from '../lib/i18n';

await loadCatalogue('en');

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

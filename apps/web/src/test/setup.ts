import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components read their texts from the message catalogue (English unless a test switches), all of it
// loaded before a test file's modules are, as the app loads it before its first render.
import { loadCatalogue } from '../lib/i18n';

await loadCatalogue('en');
// The shared dialogs' Radix code is a chunk the app fetches when the browser is idle; here it is compiled
// once up front, so the first dialog a test opens does not wait seconds for it on a busy machine.
await Promise.all([
  import('../components/confirm-dialog-panel'),
  import('../components/form/form-dialog-panel'),
]);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components read their texts from the message catalogue (English unless a test switches).
import '../lib/i18n';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

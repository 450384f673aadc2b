import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Each run serves the built app on its own port with a fresh SQLite file and the built-in provider.
const port = Number(process.env.E2E_PORT ?? 3999);
const baseURL = `http://localhost:${port}`;
// Workers load this file too: they inherit the folder the main process made instead of making their own.
process.env.HEARTH_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'hearth-e2e-'));
const dataDir = process.env.HEARTH_E2E_DATA;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: './artifacts',
  globalTeardown: './support/remove-data.ts',
  // A two-person flow (two sign-ups, axe, screenshots) takes about a minute on a busy 2-core machine; a
  // stuck step still fails within the 10 s an expectation waits.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node apps/server/dist/server.js',
    cwd: join(import.meta.dirname, '..'),
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATABASE_URL: `file:${join(dataDir, 'hearth.db')}`,
      LOG_LEVEL: 'warn',
      // Every test signs people up from 127.0.0.1; the provider's per-address limits are for real traffic.
      IDP_RATE_LIMIT: 'off',
      // The notifications journey's push endpoint and the outside-calendar journey's feed are local http
      // servers: outbound requests may reach loopback (and only loopback) over http.
      OUTBOUND_ALLOW_LOOPBACK: 'true',
    },
  },
});

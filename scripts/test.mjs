#!/usr/bin/env node
// The whole suite, in the order that fails fastest: lint and types, unit/component/API tests on SQLite,
// the API tests again on PostgreSQL under Node 24 when TEST_DATABASE_URL is set, the container image and
// compose files, then the built app in Chromium.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint and format', 'npx', ['biome', 'check', '--error-on-warnings', '.']],
  ['type-check', 'npm', ['run', 'typecheck', '--silent']],
  ['unit, component and API tests (SQLite)', 'npx', ['vitest', 'run']],
];
// Hearth supports Node 20.19+, 22 and 24: the SQLite run above is on this machine's Node (20), the
// PostgreSQL run on Node 24, so each engine and each Node version is covered by one run; a third full run
// (PostgreSQL on Node 20 as well) cost the suite about five minutes.
if (process.env.TEST_DATABASE_URL) {
  steps.push(['API tests under Node 24 (PostgreSQL)', 'bash', ['scripts/node24-api-tests.sh']]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API tests run on SQLite only.');
}
steps.push(['build', 'npm', ['run', 'build', '--silent']]);
// The Dockerfile and both compose files, run for real on a local Docker engine (started when needed).
steps.push([
  'container test (image, compose.yaml, PostgreSQL with Caddy)',
  'bash',
  ['scripts/test-containers.sh'],
]);
steps.push([
  'browser tests (Playwright, Chromium)',
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
]);

const started = Date.now();
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}`);
  const t0 = Date.now();
  const env = name.includes('SQLite') ? { ...process.env, TEST_DATABASE_URL: '' } : process.env;
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env });
  console.log(`--- ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (status !== 0) process.exit(status ?? 1);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

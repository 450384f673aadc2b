/**
 * List reads through Caddy with one Hearth instance behind it and with three, in the same run, on one
 * fresh PostgreSQL database: three instances start, one Caddy proxies to the first only and another to all
 * three, and wrk reads GET /api/grocery-list/ through each in turn. Needs caddy and wrk (Debian packages).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node --conditions=@hearth/source --import tsx bench/cluster-throughput.ts
 */
import { startCaddy } from '../apps/server/src/cluster/harness.js';
import { freePort, type SpawnedServer, spawnServer } from '../apps/server/src/test/spawned-server.js';
import { StandInIssuer } from '../apps/server/src/test/stand-in-issuer.js';
import { scratchDatabase } from './support/scratch-database.js';
import { requireTool, wrk } from './support/wrk.js';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server (a scratch database is made on it).');
  process.exit(2);
}
requireTool('caddy', 'caddy');
requireTool('wrk', 'wrk');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const scratch = await scratchDatabase(adminUrl, 'hearth_cluster_bench');
const ports = [await freePort(), await freePort(), await freePort()];
const [onePort, threePort] = [await freePort(), await freePort()];
const issuer = await StandInIssuer.start('http://hearth.test/api');
const instances: SpawnedServer[] = [];
const caddies: Awaited<ReturnType<typeof startCaddy>>[] = [];
try {
  const env = {
    PUBLIC_URL: 'http://hearth.test',
    OIDC_ISSUER: issuer.url,
    DATABASE_URL: scratch.url,
    TRUST_PROXY: '127.0.0.1',
    API_RATE_LIMIT: 'off',
    NOTIFICATIONS_SCHEDULER: 'off',
    LOG_LEVEL: 'warn',
  };
  // The first migrates alone, then the other two start.
  instances.push(await spawnServer(env, { port: ports[0] }));
  instances.push(...(await Promise.all(ports.slice(1).map((port) => spawnServer(env, { port })))));
  caddies.push(await startCaddy(onePort, ports.slice(0, 1)), await startCaddy(threePort, ports));

  const token = await issuer.mint('reader', { expiresIn: '1h' });
  const call = (path: string, body: unknown) =>
    fetch(`${instances[0]?.base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await call('/api/users/', { username: 'reader', first_name: 'R', last_name: 'D', email: 'r@example.test' });
  await call('/api/house/', { house_name: 'Bench home' });
  for (let i = 0; i < 10; i++) await call('/api/grocery-list/', { grocery_list_name: `List ${i}` });

  const headers = { authorization: `Bearer ${token}` };
  const results: string[] = [];
  for (const [label, caddy] of [
    ['1 instance ', caddies[0]],
    ['3 instances', caddies[1]],
  ] as const) {
    // A short warm-up, so each instance has read and kept the list once.
    await wrk(`${caddy?.base}/api/grocery-list/`, { connections: 10, seconds: 2, headers });
    const r = await wrk(`${caddy?.base}/api/grocery-list/`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers,
    });
    results.push(
      `${label} through Caddy: ${r.rps.toFixed(0)} req/s, p50 ${r.p50ms.toFixed(1)} ms, p99 ${r.p99ms.toFixed(1)} ms, errors ${r.errors}`,
    );
  }
  console.log(`GET /api/grocery-list/, ${CONNECTIONS} connections, ${SECONDS} s each:`);
  for (const line of results) console.log(`  ${line}`);
} finally {
  for (const c of caddies) await c.stop();
  for (const i of instances) i.process.kill('SIGTERM');
  await Promise.all(instances.map((i) => i.exited));
  await issuer.close();
  await scratch.drop();
}

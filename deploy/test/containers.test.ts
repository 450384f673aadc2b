import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  freePort,
  newBuiltInAccount,
  signInWithBuiltIn,
  signUpWithBuiltIn,
} from '../../apps/server/src/test/built-in-sign-in.ts';
import { COMPOSE, ComposeProject, docker, publishedPort, sh, waitHealthy } from './docker.ts';
import { h2Client, parseEvent } from './h2.ts';

/*
 * Hearth's container files, end to end: the image builds from the Dockerfile, compose.yaml runs it on
 * SQLite, and deploy/compose.postgres.yaml runs two instances on PostgreSQL behind Caddy. The base images
 * come in through NODE_IMAGE, POSTGRES_IMAGE and CADDY_IMAGE (deploy/test/base/images.sh makes local
 * stand-ins for them); the stacks are reached only through ports published on 127.0.0.1. Everything the
 * test makes (containers, volumes, networks, the Hearth image) is removed afterwards.
 */

const root = resolve(import.meta.dirname, '../..');
const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const image = `hearth-test/hearth:${runId}`;
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const work = mkdtempSync(join(tmpdir(), 'hearth-containers-'));
const emptyEnvFile = join(work, 'empty.env');
writeFileSync(emptyEnvFile, '');

function baseImage(name: 'NODE_IMAGE' | 'POSTGRES_IMAGE' | 'CADDY_IMAGE'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this test through scripts/test-containers.sh`);
  return value;
}
const baseEnv = {
  NODE_IMAGE: baseImage('NODE_IMAGE'),
  POSTGRES_IMAGE: baseImage('POSTGRES_IMAGE'),
  CADDY_IMAGE: baseImage('CADDY_IMAGE'),
  HEARTH_IMAGE: image,
};
const figures: string[] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function api(base: string, token: string, method: string, path: string, body?: unknown) {
  return fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** A profile and a house for a freshly signed-up person (as the web app's first run does). */
async function settleIn(
  call: (method: string, path: string, body?: unknown) => Promise<Response>,
  who: string,
) {
  const user = await call('POST', '/api/users/', {
    username: who,
    first_name: 'Robin',
    last_name: 'Hale',
    email: `${who}@example.test`,
    phone_num: '1-555-123-4567',
    profile_img: null,
  });
  assert.equal(user.status, 200, await user.clone().text());
  const house = await call('POST', '/api/house/', { house_name: `${who}'s house` });
  assert.equal(house.status, 201, await house.clone().text());
  return (await house.json()) as { house_id: number; house_name: string };
}

before(async () => {
  figures.push(`compose: ${COMPOSE.join(' ')} ${await sh([...COMPOSE, 'version', '--short'])}`);
});

after(async () => {
  rmSync(work, { recursive: true, force: true });
  await docker(['image', 'rm', '--force', image]).catch(() => {});
  for (const line of figures) console.log(line);
});

describe('the image', () => {
  test('builds from the Dockerfile with production dependencies only, as a non-root user', async () => {
    const t0 = Date.now();
    await docker(
      [
        'build',
        '--build-arg',
        `NODE_IMAGE=${baseEnv.NODE_IMAGE}`,
        '--build-arg',
        `VERSION=${version}`,
        '--tag',
        image,
        '.',
      ],
      { cwd: root, timeoutMs: 900_000 },
    );
    figures.push(`image build: ${seconds(Date.now() - t0)}`);
    const size = Number(await docker(['image', 'inspect', '--format', '{{.Size}}', image]));
    figures.push(`image size: ${(size / 1e6).toFixed(0)} MB (base ${baseEnv.NODE_IMAGE})`);

    const config = JSON.parse(await docker(['image', 'inspect', '--format', '{{json .Config}}', image])) as {
      User: string;
      Env: string[];
      ExposedPorts: Record<string, unknown>;
      Volumes: Record<string, unknown>;
      Healthcheck?: { Test: string[] };
      Labels: Record<string, string>;
      WorkingDir: string;
    };
    assert.equal(config.User, 'node');
    assert.equal(config.WorkingDir, '/app');
    assert.ok('3000/tcp' in config.ExposedPorts);
    assert.ok('/data' in config.Volumes);
    assert.ok(config.Env.includes('DATABASE_URL=file:/data/hearth.db'));
    assert.ok(config.Env.includes('HOST=0.0.0.0'));
    assert.match(config.Healthcheck?.Test.join(' ') ?? '', /\/readyz/);
    assert.equal(config.Labels['org.opencontainers.image.version'], version);
    for (const label of ['source', 'licenses', 'revision'])
      assert.ok(`org.opencontainers.image.${label}` in config.Labels, label);

    // What is inside: the server's runtime dependencies, no dev dependencies, sources, maps or compilers.
    const listing = await docker([
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      image,
      '-c',
      'id -u; for p in node_modules/fastify node_modules/pg node_modules/better-sqlite3-napi node_modules/i18next ' +
        'apps/web/dist/index.html node_modules/vitest node_modules/typescript node_modules/@biomejs ' +
        'node_modules/vite node_modules/react node_modules/@playwright apps/server/src e2e; do ' +
        '[ -e "$p" ] && echo "has $p"; done; find apps packages -name "*.map" -path "*server*" | head -1; ' +
        'for c in g++ make python3; do command -v $c; done; true',
    ]);
    const lines = listing.split('\n');
    assert.equal(lines[0], '1000', 'runs as uid 1000 (node)');
    for (const needed of [
      'node_modules/fastify',
      'node_modules/pg',
      'node_modules/better-sqlite3-napi',
      'node_modules/i18next',
      'apps/web/dist/index.html',
    ])
      assert.ok(lines.includes(`has ${needed}`), `the image lacks ${needed}`);
    const extra = lines
      .slice(1)
      .filter((l) => !l.startsWith('has ') || !/fastify|\/pg$|napi|i18next|index\.html/.test(l));
    assert.deepEqual(extra, [], 'dev dependencies, sources, server source maps or build tools in the image');
  });
});

describe('compose.yaml (SQLite, one container)', () => {
  let project: ComposeProject;
  let port: number;
  let base: string;
  const account = newBuiltInAccount();
  let houseName = '';

  before(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    project = new ComposeProject(
      `hearthtest${runId}sqlite`,
      [join(root, 'compose.yaml')],
      { ...baseEnv, HEARTH_ADDRESS: '127.0.0.1', HEARTH_PORT: String(port), PUBLIC_URL: base },
      emptyEnvFile,
    );
  });
  after(() => project.remove());

  test('comes up healthy within 60 s', async () => {
    const t0 = Date.now();
    await project.run(['up', '-d', '--no-build']);
    await waitHealthy([await project.containerId('hearth')], 60_000);
    figures.push(`compose.yaml cold start to healthy: ${seconds(Date.now() - t0)}`);
  });

  test('a person signs up through the built-in provider over HTTP and makes a house', async () => {
    const tokens = await signUpWithBuiltIn(base, account);
    const house = await settleIn(
      (method, path, body) => api(base, tokens.access_token, method, path, body),
      `docker${runId}`,
    );
    houseName = house.house_name;
  });

  test('the server process does not run as root', async () => {
    const id = await project.containerId('hearth');
    // Each process's command line and user ids (the image has no ps).
    const status = await docker([
      'exec',
      id,
      'sh',
      '-c',
      'for p in /proc/[0-9]*; do printf "%s| " "$(tr "\\0" " " < $p/cmdline)"; grep "^Uid:" $p/status; done',
    ]);
    const server = status.split('\n').find((l) => l.includes('apps/server/dist/server.js'));
    assert.ok(server, `no server process in ${status}`);
    assert.match(server, /Uid:\s+1000\s/);
  });

  test('the data survives down and up', async () => {
    await project.run(['down']);
    await project.run(['up', '-d', '--no-build']);
    await waitHealthy([await project.containerId('hearth')], 60_000);
    const tokens = await signInWithBuiltIn(base, account);
    const me = (await (await api(base, tokens.access_token, 'GET', '/api/users/me')).json()) as {
      house_id: number;
    };
    const house = await api(base, tokens.access_token, 'GET', `/api/house/${me.house_id}`);
    assert.equal(house.status, 200);
    assert.equal(((await house.json()) as { house_name: string }).house_name, houseName);
  });

  test("README's backup and restore drill works inside the containers", async () => {
    const houseOf = async (token: string) => {
      const me = (await (await api(base, token, 'GET', '/api/users/me')).json()) as { house_id: number };
      const res = await api(base, token, 'GET', `/api/house/${me.house_id}`);
      assert.equal(res.status, 200);
      return (await res.json()) as { house_id: number; house_name: string };
    };
    await project.run(['exec', '-T', 'hearth', 'npm', 'run', 'backup', '--', '/data/hearth-backup.db']);
    // A change after the backup: the restored copy must show the house as it was.
    const live = await signInWithBuiltIn(base, account);
    const house = await houseOf(live.access_token);
    const renamed = await api(base, live.access_token, 'PATCH', `/api/house/${house.house_id}`, {
      house_name: 'Renamed after the backup',
    });
    assert.equal(renamed.status, 200);
    await project.run([
      'exec',
      '-T',
      '-e',
      'DATABASE_URL=file:/data/drill.db',
      'hearth',
      'npm',
      'run',
      'restore',
      '--',
      '/data/hearth-backup.db',
    ]);
    // Sign-ins belong to the address they were made at, so the copy is served at the usual one.
    await project.run(['stop', 'hearth']);
    const drill = (
      await project.run(['run', '-d', '--service-ports', '-e', 'DATABASE_URL=file:/data/drill.db', 'hearth'])
    )
      .split('\n')
      .pop()!
      .trim();
    try {
      for (let i = 0; ; i++) {
        const ready = await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) break;
        if (i > 240) throw new Error(`the restored copy did not start: ${await docker(['logs', drill])}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      const restored = await signInWithBuiltIn(base, account);
      assert.equal((await houseOf(restored.access_token)).house_name, houseName);
    } finally {
      await docker(['rm', '--force', '--volumes', drill]).catch(() => {});
    }
    await project.run(['up', '-d', '--no-build']);
    await waitHealthy([await project.containerId('hearth')], 60_000);
    await project.run(['exec', '-T', 'hearth', 'sh', '-c', 'rm /data/drill.db* /data/hearth-backup.db']);
    const again = await signInWithBuiltIn(base, account);
    assert.equal((await houseOf(again.access_token)).house_name, 'Renamed after the backup');
  });

  test('SIGTERM stops it cleanly in under 10 s', async () => {
    const id = await project.containerId('hearth');
    const t0 = Date.now();
    await docker(['stop', '--time', '30', id]);
    const took = Date.now() - t0;
    figures.push(`SIGTERM to stopped (SQLite): ${seconds(took)}`);
    assert.ok(took < 10_000, `stopping took ${took} ms`);
    // 0 is the server's own clean exit; a kill after the grace period would read 137.
    assert.equal(await docker(['inspect', '--format', '{{.State.ExitCode}}', id]), '0');
  });
});

describe('deploy/compose.postgres.yaml (PostgreSQL, two instances behind Caddy)', () => {
  let project: ComposeProject;
  let origin: string;
  let httpsPort: number;

  before(async () => {
    httpsPort = await freePort();
    const httpPort = await freePort();
    origin = `https://localhost:${httpsPort}`;
    const password = randomBytes(18).toString('hex');
    const secrets = join(work, 'secrets');
    rmSync(secrets, { recursive: true, force: true });
    mkdirSync(secrets, { recursive: true });
    writeFileSync(join(secrets, 'postgres_password'), password);
    writeFileSync(join(secrets, 'database_url'), `postgres://hearth:${password}@postgres:5432/hearth`);
    for (const f of ['postgres_password', 'database_url']) chmodSync(join(secrets, f), 0o644);
    // The test's own additions: its secrets instead of deploy/secrets, and each instance published on
    // 127.0.0.1 (a random port) so a stream can be held on one while a change is made through the other.
    const override = join(work, 'override.yaml');
    writeFileSync(
      override,
      [
        'services:',
        '  hearth-1:',
        '    ports: ["127.0.0.1::3000"]',
        '  hearth-2:',
        '    ports: ["127.0.0.1::3000"]',
        'secrets:',
        '  database_url:',
        `    file: ${join(secrets, 'database_url')}`,
        '  postgres_password:',
        `    file: ${join(secrets, 'postgres_password')}`,
        '',
      ].join('\n'),
    );
    project = new ComposeProject(
      `hearthtest${runId}pg`,
      [join(root, 'deploy/compose.postgres.yaml'), override],
      {
        ...baseEnv,
        HEARTH_DOMAIN: 'localhost',
        HEARTH_TLS: 'tls internal',
        PUBLIC_URL: origin,
        CADDY_ADDRESS: '127.0.0.1',
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(httpsPort),
      },
      emptyEnvFile,
    );
  });
  after(() => project.remove());

  let instances: { id: string; base: string }[] = [];
  let ca = '';
  let token = '';

  test('comes up healthy: PostgreSQL first, then both instances', async () => {
    const t0 = Date.now();
    await project.run(['up', '-d', '--no-build']);
    const ids = await Promise.all(['postgres', 'hearth-1', 'hearth-2'].map((s) => project.containerId(s)));
    await waitHealthy(ids, 90_000);
    figures.push(`compose.postgres.yaml cold start to healthy: ${seconds(Date.now() - t0)}`);
    instances = await Promise.all(
      ids.slice(1).map(async (id) => ({ id, base: `http://127.0.0.1:${await publishedPort(id, 3000)}` })),
    );
  });

  test('Caddy serves HTTPS over HTTP/2 and sends requests to both instances', async () => {
    const caddy = await project.containerId('caddy');
    // Caddy makes its local authority on first start; the test trusts it, as a browser would once told.
    for (let i = 0; !ca; i++) {
      ca = await docker(['exec', caddy, 'cat', '/data/caddy/pki/authorities/local/root.crt']).catch(() => '');
      if (!ca) {
        if (i > 100) throw new Error('Caddy made no local certificate authority');
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const client = await h2Client(origin, ca);
    try {
      assert.equal(client.alpn, 'h2');
      // Sign up through the proxy, every request on this one HTTP/2 connection.
      const realFetch = globalThis.fetch;
      globalThis.fetch = client.fetch as typeof fetch;
      try {
        token = (await signUpWithBuiltIn(origin, newBuiltInAccount())).access_token;
      } finally {
        globalThis.fetch = realFetch;
      }
      await settleIn(
        (method, path, body) =>
          client.fetch(`${origin}${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        `caddy${runId}`,
      );
      const marker = `probe${runId}`;
      for (let i = 0; i < 6; i++) {
        const res = await client.fetch(`${origin}/api/config?${marker}=${i}`);
        assert.equal(res.status, 200);
      }
      for (const instance of instances) {
        const logs = await docker(['logs', instance.id]);
        assert.ok(logs.includes(marker), `no request through Caddy reached ${instance.id}`);
      }
    } finally {
      client.close();
    }
  });

  test('a change made through one instance is heard on a stream held by the other', async () => {
    const [one, other] = instances as [{ id: string; base: string }, { id: string; base: string }];
    const controller = new AbortController();
    const stream = await fetch(`${other.base}/api/live`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    assert.equal(stream.status, 200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const nextEvent = async () => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) continue;
          return parseEvent(block);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
      }
    };
    try {
      const deadline = setTimeout(() => controller.abort(), 15_000);
      // The stream opens with its reconnection delay (a block with no event), then `ready`.
      while ((await nextEvent()).event !== 'ready') {}
      const t0 = Date.now();
      const created = await api(one.base, token, 'POST', '/api/grocery-list/', {
        grocery_list_name: 'Across',
      });
      assert.equal(created.status, 201);
      const { grocery_list_id } = (await created.json()) as { grocery_list_id: number };
      for (;;) {
        const event = await nextEvent();
        if (event.event !== 'change') continue;
        const change = JSON.parse(event.data) as { entity: string; id: number };
        if (change.entity === 'grocery_list' && change.id === grocery_list_id) break;
      }
      clearTimeout(deadline);
      figures.push(`live change across instances: ${Date.now() - t0} ms`);
    } finally {
      controller.abort();
    }
  });

  test('killing one instance loses no acknowledged write', async () => {
    const client = await h2Client(origin, ca);
    const acknowledged = new Set<number>();
    let failed = 0;
    let stop = false;
    const writers = Array.from({ length: 6 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await client.fetch(`${origin}/api/grocery-list/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ grocery_list_name: `w${w} #${i}` }),
          });
          if (res.status === 201)
            acknowledged.add(((await res.json()) as { grocery_list_id: number }).grocery_list_id);
          else failed++;
        } catch {
          failed++;
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    const before = acknowledged.size;
    await docker(['kill', '--signal', 'KILL', instances[0]!.id]);
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    await Promise.all(writers);
    assert.ok(acknowledged.size > before, 'writes went on through the other instance after the kill');
    const lists = await client.fetch(`${origin}/api/grocery-list/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(lists.status, 200);
    const found = new Set(
      ((await lists.json()) as { grocery_list_id: number }[]).map((l) => l.grocery_list_id),
    );
    const lost = [...acknowledged].filter((id) => !found.has(id));
    client.close();
    figures.push(
      `kill -9 of one instance under 6 writers: ${acknowledged.size} writes acknowledged, ${lost.length} lost, ` +
        `${failed} not acknowledged`,
    );
    assert.deepEqual(lost, []);
  });
});

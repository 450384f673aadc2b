import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/*
 * Real server processes for tests about what only a process shows: signals, exit codes, several
 * instances on one database.
 */

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const migrateEntry = fileURLToPath(new URL('../migrate-cli.ts', import.meta.url));

export interface SpawnedServer {
  process: ChildProcess;
  port: number;
  base: string;
  /** Every line the process wrote to stdout (its JSON log). */
  lines: string[];
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port nobody listens on right now (the server binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function spawnEntry(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--conditions=@hearth/source', '--import', 'tsx', entry], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): { lines: string[]; exited: SpawnedServer['exited'] } {
  const lines: string[] = [];
  let partial = '';
  const take = (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { lines, exited };
}

/** Starts `server.ts` on `port` (default: a free one) and waits until /readyz answers 200. */
export async function spawnServer(
  env: Record<string, string>,
  options: { port?: number; readyWithinMs?: number } = {},
): Promise<SpawnedServer> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const child = spawnEntry(serverEntry, {
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    ...env,
    PORT: String(port),
  });
  const { lines, exited } = collect(child);
  const server: SpawnedServer = { process: child, port, base, lines, exited };
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + (options.readyWithinMs ?? 180_000);
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server on ${port} did not become ready:\n${lines.slice(-20).join('\n')}`);
}

/** Runs `migrate-cli.ts` (what `npm run migrate` runs) to its end; answers its exit code and output. */
export async function runMigrate(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawnEntry(migrateEntry, env);
  const { lines, exited } = collect(child);
  const { code } = await exited;
  return { code, output: lines.join('\n') };
}

export interface ScratchDatabase {
  /** DATABASE_URL for the spawned processes. */
  url: string;
  engine: 'sqlite' | 'postgres';
  drop(): Promise<void>;
}

/**
 * An empty database for spawned servers: a schema of its own on TEST_DATABASE_URL's PostgreSQL (chosen
 * for every connection through the URL's `options`), else a SQLite file in a temporary folder.
 */
export async function scratchDatabase(adminUrl = process.env.TEST_DATABASE_URL): Promise<ScratchDatabase> {
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-spawned-'));
    return {
      url: `file:${join(dir, 'hearth.db')}`,
      engine: 'sqlite',
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `hearth_spawned_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  const url = new URL(adminUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', schema);
  return {
    url: url.href,
    engine: 'postgres',
    drop: () => admin(`drop schema if exists ${schema} cascade`),
  };
}

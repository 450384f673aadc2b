import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * The pieces of the cluster test that are not Hearth: Caddy in front, and a TCP relay in front of
 * PostgreSQL that can be cut (every connection reset, new ones refused) and restored, as a restarting
 * database server looks to its clients.
 */

/** Whether Debian's caddy is installed (scripts/install-test-deps.sh installs it). */
export function haveCaddy(): boolean {
  return spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
}

export interface Caddy {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Caddy on 127.0.0.1:`port` in front of the upstreams: round robin, requests that cannot reach an
 * upstream retried on the others for up to 5 s, the stream passed through unbuffered, and an upstream
 * taken out while its /healthz fails (it does from the moment it is told to stop).
 */
export async function startCaddy(port: number, upstreams: number[]): Promise<Caddy> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-caddy-'));
  const caddyfile = join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
	admin off
	auto_https off
}

http://127.0.0.1:${port} {
	reverse_proxy ${upstreams.map((p) => `127.0.0.1:${p}`).join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		health_uri /healthz
		health_interval 500ms
		health_timeout 2s
		fail_duration 2s
		flush_interval -1
	}
}
`,
  );
  const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (c: Buffer) => {
    errors = (errors + c.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`${base}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`caddy did not start:\n${errors}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface DatabaseRelay {
  port: number;
  /** Resets every open connection and refuses new ones, as a database server going down does. */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP relay from 127.0.0.1:`port` to the database at `target`. */
export async function startDatabaseRelay(port: number, target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
      server = s;
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.close(() => resolve());
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    });
  await listen();
  const relay: DatabaseRelay = {
    port,
    cut: stopListening,
    restore: listen,
    close: stopListening,
  };
  return relay;
}

import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

/*
 * The Docker and Compose command lines the container test drives. Builds use Debian's own docker client
 * when it is there: it matches Debian's engine and has BuildKit built in (a newer client without the buildx
 * plug-in cannot build with BuildKit, which the Dockerfile's cache mount needs).
 */

const run = promisify(execFile);

export const DOCKER = existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker';

/**
 * The Compose to drive: HEARTH_COMPOSE=v2 (`docker compose`, the plug-in) or v1 (`docker-compose`, Debian's
 * 1.29); unset, v2 when the plug-in is installed, else v1. scripts/test-containers.sh runs the test with each.
 */
function compose(): string[] {
  const wanted = process.env.HEARTH_COMPOSE;
  if (wanted === 'v1') return ['docker-compose'];
  const haveV2 = spawnSync(DOCKER, ['compose', 'version'], { stdio: 'ignore' }).status === 0;
  if (wanted === 'v2' && !haveV2) throw new Error('HEARTH_COMPOSE=v2, but `docker compose` is not installed');
  return wanted === 'v2' || haveV2 ? [DOCKER, 'compose'] : ['docker-compose'];
}
export const COMPOSE: string[] = compose();

export async function sh(
  command: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<string> {
  const [file, ...args] = command;
  try {
    const { stdout } = await run(file!, args, {
      env: { ...process.env, DOCKER_BUILDKIT: '1', ...options.env },
      cwd: options.cwd,
      timeout: options.timeoutMs ?? 600_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout.trim();
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${command.join(' ')} failed: ${e.message}\n${e.stderr ?? ''}`);
  }
}

export const docker = (args: string[], options: Parameters<typeof sh>[1] = {}) =>
  sh([DOCKER, ...args], options);

/** One compose project: fixed project name, files and environment (an empty env file, so a developer's
 * own .env beside the compose file cannot change what is tested). */
export class ComposeProject {
  constructor(
    readonly name: string,
    readonly files: string[],
    readonly env: NodeJS.ProcessEnv,
    readonly envFile: string,
  ) {}

  run(args: string[], timeoutMs?: number): Promise<string> {
    const files = this.files.flatMap((f) => ['-f', f]);
    return sh([...COMPOSE, '--env-file', this.envFile, '-p', this.name, ...files, ...args], {
      env: this.env,
      timeoutMs,
    });
  }

  async containerId(service: string): Promise<string> {
    const id = (await this.run(['ps', '-q', service])).split('\n')[0] ?? '';
    if (!id) throw new Error(`no container for ${service} in ${this.name}`);
    return id;
  }

  /** Everything the project made: containers, networks, its volumes. */
  async remove(): Promise<void> {
    await this.run(['down', '--volumes', '--remove-orphans', '--timeout', '5']).catch(() => {});
  }
}

export async function health(container: string): Promise<string> {
  return docker(['inspect', '--format', '{{if .State.Health}}{{.State.Health.Status}}{{end}}', container]);
}

/** Waits until every container reports healthy; returns the milliseconds it took. */
export async function waitHealthy(containers: string[], timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const states = await Promise.all(containers.map(health));
    if (states.every((s) => s === 'healthy')) return Date.now() - started;
    if (Date.now() - started > timeoutMs) {
      // The server's start-up errors go to stderr: both streams, in order.
      const unhealthy = containers[states.findIndex((s) => s !== 'healthy')]!;
      const logs = await sh(['sh', '-c', `${DOCKER} logs --tail 30 ${unhealthy} 2>&1`]).catch(
        (e: Error) => e.message,
      );
      throw new Error(`not healthy within ${timeoutMs} ms: ${states.join(', ')}\n${logs}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The host port a container's port is published on (127.0.0.1 only). */
export async function publishedPort(container: string, port: number): Promise<number> {
  const lines = (await docker(['port', container, `${port}/tcp`])).split('\n');
  const line = lines.find((l) => l.startsWith('127.0.0.1:'));
  if (!line) throw new Error(`${container}:${port} is not published on 127.0.0.1 (${lines.join(', ')})`);
  return Number(line.split(':').pop());
}

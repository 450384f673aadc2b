/**
 * wrk (Debian package `wrk`) against one URL: requests per second and latency percentiles. Every bench that
 * calls it checks first that wrk is there and says how to get it otherwise.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkResult {
  rps: number;
  /** Requests answered in the run. */
  requests: number;
  p50ms: number;
  p99ms: number;
  /** Answers that were not 2xx or 3xx, and socket errors: a valid run has none. */
  errors: number;
}

export function requireTool(command: string, debianPackage: string): void {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
  } catch {
    console.error(`${command} is needed: apt-get install -y ${debianPackage}`);
    process.exit(2);
  }
}

function ms(text: string | undefined): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text ?? '');
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

export async function wrk(
  url: string,
  {
    connections = 50,
    seconds = 5,
    headers = {},
    script,
  }: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    /** A wrk Lua script (another method, a body). */
    script?: string;
  } = {},
): Promise<WrkResult> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '10s'];
  if (script) args.push('-s', script);
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const { stdout } = await run('wrk', args, { maxBuffer: 1 << 20 });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const socketErrors = socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
  return {
    rps,
    requests,
    p50ms: ms(/\s50%\s+(\S+)/.exec(stdout)?.[1]),
    p99ms: ms(/\s99%\s+(\S+)/.exec(stdout)?.[1]),
    errors: non2xx + socketErrors,
  };
}

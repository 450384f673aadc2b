/**
 * Lighthouse (mobile: simulated slow 4G and a 4x slower CPU) on the built app, signed in, on a house with
 * realistic data: performance and accessibility of the landing page and every signed-in page, measured
 * twice: straight from Hearth (HTTP/1.1, as `npm start` serves it) and through Caddy with HTTP/2 (the
 * containers' deployment path; Debian's `caddy` with `tls internal`, whose certificate only this bench's
 * Chromium is told to accept). Goal: performance >= 95 through HTTP/2 and >= 90 straight, accessibility
 * 100 on every page.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * Runs `npx lighthouse@13.5.0` (fetched by npm on first use) against Debian's Chromium, which this script
 * starts with a debugging port and signs in through the built-in provider first. Each page is measured
 * cold, as a returning person opens it: still signed in (localStorage) with the offline copy (IndexedDB),
 * but with no HTTP cache and no service worker, so every file comes over the (simulated) network.
 * Each page is measured LIGHTHOUSE_RUNS times (3 unless set) and the median run counts: one run's score
 * moves by several points. LIGHTHOUSE_PAGES=/home,/tasks measures only those pages; LIGHTHOUSE_VIA=caddy
 * (or direct) only that way.
 * LIGHTHOUSE_APP=<folder> runs a copy of the build kept elsewhere (its apps/server/dist and apps/web/dist,
 * next to a node_modules), e.g. while the working tree is being rebuilt. LIGHTHOUSE_KEEP=<folder> keeps each
 * run's Lighthouse report (JSON) there with its trace (open it in DevTools' Performance panel);
 * LIGHTHOUSE_SHOTS=<folder> keeps screenshots of each page at 375 and 1280 px.
 * LIGHTHOUSE_PROFILE=<folder> runs no Lighthouse: it records a trace (for DevTools' Performance panel) of each
 * page's cold start with the CPU slowed 4x and the phone-sized screen Lighthouse assumes, to see what the main
 * thread spends its time on; LIGHTHOUSE_PROFILE_SLOWDOWN=1 records it at full speed instead, as Lighthouse
 * itself records before it simulates the slower phone, so the trace's tasks match the report's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { firstDownload, kb } from '../e2e/support/bundle.js';
import {
  api,
  createHouse,
  houseCodeOf,
  joinHouse,
  newPerson,
  setUpProfile,
  signUp,
} from '../e2e/support/people.js';

const PORT = 3600;
const DEBUG_PORT = 3601;
const CADDY_PORT = 3602;
/** How the browser reaches Hearth: straight (HTTP/1.1), or through Caddy (HTTP/2 over TLS). */
type Via = 'direct' | 'caddy';
const VIAS = (process.env.LIGHTHOUSE_VIA?.split(',') ?? ['direct', 'caddy']) as Via[];
const ORIGIN: Record<Via, string> = {
  direct: `http://127.0.0.1:${PORT}`,
  caddy: `https://127.0.0.1:${CADDY_PORT}`,
};
/** Performance goal per way: the Caddy path is the deployment's. */
const PERFORMANCE_GOAL: Record<Via, number> = { direct: 90, caddy: 95 };
// The origin of the way being measured (each way runs its own server, with its own public address).
let BASE = ORIGIN.direct;
const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROMIUM = '/usr/bin/chromium';
const ALL_PAGES = [
  '/',
  '/home',
  '/calendar',
  '/groceries',
  '/reminders',
  '/tasks',
  '/bills',
  '/house',
  '/settings',
];
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ALL_PAGES;
// Lighthouse's score moves by several points from one run to the next on the same page: each page is
// measured this many times and the run with the median performance score is the page's.
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 1);
// Lighthouse slows the CPU 4x by default, the goal's setting. Its 4x turns a fast desktop (benchmark index
// ~4,000) into a mid-tier phone (~1,000, DevTools' own calibration), but a slower host into a low-end one.
// LIGHTHOUSE_CPU_SLOWDOWN=<n> measures at another multiplier (index / 1,000 emulates a mid-tier phone on
// this host), to tell what the code costs from what the host adds; such a run gives no verdict on the goal.
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : null;
if (CPU_SLOWDOWN !== null && !(CPU_SLOWDOWN >= 1)) throw new Error('LIGHTHOUSE_CPU_SLOWDOWN: a number >= 1');
/** DevTools' benchmark index of a mid-tier phone (a Pixel 5). */
const MID_TIER_INDEX = 1000;

const root = process.env.LIGHTHOUSE_APP ?? join(import.meta.dirname, '..');
const webDist = join(root, 'apps/web/dist');
const work = mkdtempSync(join(tmpdir(), 'hearth-lighthouse-'));

function startServer(via: Via): ChildProcess {
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATABASE_URL: `file:${join(work, `hearth-${via}.db`)}`,
      LOG_LEVEL: 'warn',
      IDP_RATE_LIMIT: 'off',
      // Through Caddy: the public address is https, which the proxy's X-Forwarded-Proto tells.
      ...(via === 'caddy' && { TRUST_PROXY: '127.0.0.1' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return server;
}

/**
 * Caddy in front of the server: HTTP/2 over TLS with its own local authority (`tls internal`), as in
 * deploy/Caddyfile. Its data (the authority's keys) stays in this run's folder.
 */
function startCaddy(): ChildProcess {
  const config = join(work, 'Caddyfile');
  writeFileSync(
    config,
    `{
	admin off
	skip_install_trust
	auto_https disable_redirects
	storage file_system ${join(work, 'caddy')}
	servers {
		protocols h1 h2
	}
}
https://127.0.0.1:${CADDY_PORT} {
	tls internal
	reverse_proxy 127.0.0.1:${PORT} {
		flush_interval -1
	}
}
`,
  );
  return spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function waitForReady(): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not get ready in 60 s');
}

/** Local date `days` from today as YYYY-MM-DD, and an instant at `hour` o'clock that day. */
function day(days: number, hour = 12): { date: string; at: string } {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, at: d.toISOString() };
}

/** A lived-in house: two members, a week of events, lists with items, tasks, expenses, reminders. */
async function seed(page: Page, housemateId: number): Promise<void> {
  const me = await api<{ user_id: number; house_id: number }>(page, 'GET', '/api/users/me');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const events = [
    ['Bin day', -1, 7],
    ['House meeting about the garden and the summer party', 0, 19],
    ['Pizza night', 1, 19],
    ['Plumber comes to fix the kitchen tap', 2, 9],
    ['Movie night', 3, 20],
    ['Recycling', 4, 7],
    ['Barbecue with the neighbours', 5, 16],
    ['Cleaning day', 6, 10],
    ['Book club', 9, 19],
  ] as const;
  for (const [title, offset, hour] of events) {
    const start = day(offset, hour);
    await api(page, 'POST', '/api/event/', {
      house_id: me.house_id,
      title,
      description: 'Everyone is welcome.',
      location: 'Living room',
      start_datetime: start.at,
      end_datetime: new Date(Date.parse(start.at) + 2 * 3600_000).toISOString(),
      time_zone: zone,
    });
  }
  const lists = {
    'Weekly shop': [
      'Milk',
      'Eggs',
      'Bread',
      'Apples',
      'Rice',
      'Pasta',
      'Tomatoes',
      'Cheese',
      'Coffee',
      'Tea',
    ],
    'Party supplies': ['Paper plates', 'Napkins', 'Lemonade', 'Crisps', 'Candles', 'Balloons'],
    Hardware: ['Light bulbs', 'Batteries (AA)', 'Bin bags', 'Washing-up liquid'],
  };
  for (const [name, items] of Object.entries(lists)) {
    const list = await api<{ grocery_list_id: number }>(page, 'POST', '/api/grocery-list/', {
      grocery_list_name: name,
    });
    for (const item of items) {
      await api(page, 'POST', '/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: item,
      });
    }
  }
  const tasks = [
    'Take out the bins',
    'Hoover the stairs',
    'Clean the bathroom',
    'Water the plants',
    'Defrost the freezer',
  ];
  for (const [i, title] of tasks.entries()) {
    await api(page, 'POST', '/api/task/', {
      title,
      due_at: day(i - 1, 18).at,
      time_zone: zone,
      rotation: 'round_robin',
      pool: [me.user_id, housemateId],
      assignee_id: i % 2 === 0 ? me.user_id : housemateId,
    });
  }
  await api(page, 'PUT', `/api/house/${me.house_id}/currency`, { currency: 'EUR' });
  const split = {
    mode: 'equal',
    parts: [
      { user_id: me.user_id, value: 1 },
      { user_id: housemateId, value: 1 },
    ],
  };
  const expenses = [
    ['Weekly shop', 6420, 'groceries'],
    ['Electricity', 8900, 'utilities'],
    ['Cleaning things', 1250, 'household'],
    ['Pizza night', 3600, 'other'],
  ] as const;
  for (const [i, [title, amount, category]] of expenses.entries()) {
    await api(page, 'POST', '/api/expense/', {
      title,
      amount_minor: amount,
      paid_by: i % 2 === 0 ? me.user_id : housemateId,
      spent_on: day(-i).date,
      category,
      split,
    });
  }
  for (const [i, title] of [
    'Call the landlord',
    'Renew the bike lock code',
    'Pay the window cleaner',
  ].entries()) {
    await api(page, 'POST', '/api/reminder/', {
      title,
      description: 'Before the weekend.',
      remind_time: day(i + 1, 9).at,
      time_zone: zone,
    });
  }
}

interface Run {
  path: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  scriptKb: number;
  flagged: string[];
  /** Lighthouse's measure of this host's CPU speed during the run. */
  benchmarkIndex: number;
  /** The protocol the page's document came over (http/1.1, h2). */
  protocol: string;
}

interface LighthouseAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: {
    items?: {
      node?: { snippet?: string };
      resourceType?: string;
      transferSize?: number;
      protocol?: string;
    }[];
  };
}
interface LighthouseResult {
  categories: Record<string, { score: number; auditRefs: { id: string }[] }>;
  audits: Record<string, LighthouseAudit>;
  runtimeError?: { message: string };
  environment?: { benchmarkIndex?: number };
}

/** Before each page: no HTTP cache, no service worker or its caches; sign-in and offline copy stay. */
async function coldStart(context: BrowserContext, page: Page): Promise<void> {
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: BASE,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.detach();
}

/** The CPU slowdown of LIGHTHOUSE_PROFILE's traces (see the top of this file). */
const PROFILE_CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_PROFILE_SLOWDOWN ?? 4);

/**
 * A trace of one cold start of `path` (the first 8 seconds), the CPU slowed PROFILE_CPU_SLOWDOWN times: the
 * main thread's tasks with JavaScript samples, as DevTools' Performance panel records them (open the .json
 * there).
 */
async function profile(context: BrowserContext, page: Page, path: string, folder: string): Promise<void> {
  await coldStart(context, page);
  // The screen Lighthouse's mobile run emulates (a Moto G Power): pages lay out as they do there.
  await page.setViewportSize({ width: 412, height: 823 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE_CPU_SLOWDOWN });
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
        'v8.execute',
        'blink.user_timing',
        'loading',
        // Each function's first compile: on the main thread when it is first called (V8.CompileCode), or
        // in the background while the script streams in (BackgroundCompileTask::Run).
        'disabled-by-default-v8.compile',
      ],
    },
  });
  await page.goto(path);
  await page.waitForTimeout(8000);
  const complete = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', ({ stream }) => resolve(stream as string)),
  );
  await cdp.send('Tracing.end');
  const stream = await complete;
  let trace = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    trace += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  const file = join(folder, `${path.replace(/\W/g, '') || 'landing'}.trace.json`);
  writeFileSync(file, trace);
  console.log(`${path}: ${file}`);
}

function lighthouse(path: string, attempt: number): Promise<LighthouseResult> {
  const out = join(work, `lh-${path.replace(/\W/g, '_') || 'root'}-${attempt + 1}.json`);
  const args = [
    '-y',
    LIGHTHOUSE,
    `${BASE}${path}`,
    `--port=${DEBUG_PORT}`,
    '--disable-storage-reset',
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--max-wait-for-load=60000',
    ...(CPU_SLOWDOWN !== null ? [`--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`] : []),
    ...(process.env.LIGHTHOUSE_KEEP ? ['--save-assets'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('exit', (code) => {
      const keep = process.env.LIGHTHOUSE_KEEP;
      if (keep) {
        // The report, and with it the page's trace and DevTools log (--save-assets). A failure here must
        // reject, not throw from this callback: the finally below stops the server.
        try {
          mkdirSync(keep, { recursive: true });
          const stem = basename(out, '.json');
          for (const file of readdirSync(work))
            if (file.startsWith(stem)) copyFileSync(join(work, file), join(keep, file));
        } catch (err) {
          reject(err);
          return;
        }
      }
      if (existsSync(out)) resolve(JSON.parse(readFileSync(out, 'utf8')) as LighthouseResult);
      else reject(new Error(`lighthouse ${path} exited ${code}: ${errors.slice(-2000)}`));
    });
  });
}

/** The page elements an audit names (its details nest tables in lists), shortened. */
function snippets(details: unknown): string[] {
  if (!details || typeof details !== 'object') return [];
  if (Array.isArray(details)) return details.flatMap(snippets);
  const value = details as Record<string, unknown>;
  if (value.type === 'node' && typeof value.snippet === 'string') return [value.snippet.slice(0, 110)];
  return Object.values(value).flatMap(snippets);
}

function summarise(path: string, result: LighthouseResult): Run {
  if (result.runtimeError) throw new Error(`lighthouse ${path}: ${result.runtimeError.message}`);
  const score = (id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => result.audits[id];
  const metrics: Record<string, string> = {};
  for (const [name, id] of [
    ['FCP', 'first-contentful-paint'],
    ['LCP', 'largest-contentful-paint'],
    ['TBT', 'total-blocking-time'],
    ['CLS', 'cumulative-layout-shift'],
    ['SI', 'speed-index'],
  ] as const) {
    metrics[name] = audit(id)?.displayValue ?? '?';
  }
  const scripts = audit('resource-summary')?.details?.items?.find((i) => i.resourceType === 'script');
  const flagged: string[] = [];
  for (const category of ['accessibility', 'performance']) {
    for (const { id } of result.categories[category]?.auditRefs ?? []) {
      const a = audit(id);
      if (!a || a.score === null || a.score >= 0.9) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode)) continue;
      const nodes = snippets(a.details).slice(0, 3);
      flagged.push(
        `${category}: ${a.id} (${a.displayValue ?? a.title})${nodes.length ? ` at ${nodes.join(' | ')}` : ''}`,
      );
    }
  }
  const [lcp] = snippets(audit('largest-contentful-paint-element')?.details);
  if (lcp) flagged.push(`largest paint: ${lcp}`);
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics,
    scriptKb: (scripts?.transferSize ?? 0) / 1024,
    flagged,
    benchmarkIndex: Math.round(result.environment?.benchmarkIndex ?? 0),
    protocol: audit('network-requests')?.details?.items?.[0]?.protocol ?? '?',
  };
}

/** Every page measured one way: its own server (and Caddy), browser profile, people and house. */
async function measure(via: Via): Promise<{ runs: Run[]; met: boolean }> {
  BASE = ORIGIN[via];
  const server = startServer(via);
  const caddy = via === 'caddy' ? startCaddy() : null;
  let caddyErrors = '';
  caddy?.stderr?.on('data', (chunk: Buffer) => {
    caddyErrors = (caddyErrors + chunk.toString()).slice(-4000);
  });
  const browsers: { close(): Promise<void> }[] = [];
  try {
    await waitForReady();
    const launch = {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-sync',
        '--disable-background-networking',
        '--disable-quic',
        // Caddy's local authority is trusted by no one: this bench's browser accepts its certificate.
        ...(via === 'caddy' ? ['--ignore-certificate-errors'] : []),
      ],
    };
    if (caddy) {
      const until = Date.now() + 30_000;
      for (;;) {
        const probe = await chromium.launch(launch);
        const ok = await (await probe.newPage())
          .goto(`${BASE}/readyz`)
          .then((r) => r?.ok() ?? false)
          .catch(() => false);
        await probe.close();
        if (ok) break;
        if (Date.now() > until) throw new Error(`caddy did not answer in 30 s: ${caddyErrors}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    // The measured browser: Lighthouse opens its tabs in this profile, where the person is signed in.
    const context = await chromium.launchPersistentContext(join(work, `profile-${via}`), {
      ...launch,
      args: [...launch.args, `--remote-debugging-port=${DEBUG_PORT}`],
      baseURL: BASE,
      ignoreHTTPSErrors: via === 'caddy',
    });
    browsers.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    const ann = newPerson('Ann', 'Whitfield-Castellanos');
    await signUp(page, ann);
    await setUpProfile(page, ann);
    await createHouse(page, 'The Old Rectory on Church Lane');

    const other = await chromium.launch(launch);
    browsers.push(other);
    const bo = await (
      await other.newContext({ baseURL: BASE, ignoreHTTPSErrors: via === 'caddy' })
    ).newPage();
    const ben = newPerson('Benedict', 'Okonkwo-Lindqvist');
    await signUp(bo, ben);
    await setUpProfile(bo, ben);
    await joinHouse(bo, await houseCodeOf(page));
    const benId = (await api<{ user_id: number }>(bo, 'GET', '/api/users/me')).user_id;
    await seed(page, benId);
    // Each page is seen once first, as a returning person has: the app keeps its offline copy. With
    // LIGHTHOUSE_SHOTS, photographed.
    const shots = process.env.LIGHTHOUSE_SHOTS;
    for (const path of PAGES) {
      for (const width of shots ? [375, 1280] : [1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(path);
        // The live stream stays open: no network idle; the page's answers come within a moment.
        await page.waitForLoadState('load');
        await page.waitForTimeout(6000);
        if (shots) {
          const name = `${via}-${path.replace(/\W/g, '') || 'landing'}-${width}.png`;
          await page.screenshot({ path: join(shots, name), fullPage: true });
        }
      }
    }

    const profiles = process.env.LIGHTHOUSE_PROFILE;
    if (profiles) {
      mkdirSync(profiles, { recursive: true });
      for (const path of PAGES) await profile(context, page, path, profiles);
      return { runs: [], met: true };
    }

    const runs: Run[] = [];
    for (const path of PAGES) {
      const tries: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        await coldStart(context, page);
        let result = await lighthouse(path, i);
        // Lighthouse now and then fails to record the trace (NO_NAVSTART and the like): once more.
        if (result.runtimeError) {
          await coldStart(context, page);
          result = await lighthouse(path, i);
        }
        tries.push(summarise(path, result));
      }
      const scores = tries.map((t) => t.performance);
      tries.sort((a, b) => a.performance - b.performance);
      const run = tries[Math.floor((tries.length - 1) / 2)] as Run;
      runs.push(run);
      console.log(
        `${via.padEnd(6)} ${path.padEnd(11)} ${run.protocol.padEnd(8)} performance ${String(run.performance).padStart(3)} (runs ${scores.join(', ')})  accessibility ${String(run.accessibility).padStart(3)}  ` +
          `${Object.entries(run.metrics)
            .map(([k, v]) => `${k} ${v}`)
            .join('  ')}  scripts ${run.scriptKb.toFixed(1)} KB  index ${run.benchmarkIndex}`,
      );
      for (const line of run.flagged) console.log(`    ${line}`);
    }
    const goal = PERFORMANCE_GOAL[via];
    const met = runs.every((r) => r.performance >= goal && r.accessibility >= 100);
    const worst = Math.min(...runs.map((r) => r.performance));
    console.log(
      `${via}: goal (performance >= ${goal}, accessibility 100 on every page) ${met ? 'met' : 'NOT met'}; lowest performance ${worst}`,
    );
    return { runs, met };
  } finally {
    for (const b of browsers.reverse()) await b.close().catch(() => {});
    caddy?.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function main(): Promise<void> {
  if (
    !existsSync(join(root, 'apps/server/dist/server.js')) ||
    !existsSync(join(webDist, '.vite/manifest.json'))
  ) {
    throw new Error('build the app first: npm run build');
  }
  const first = firstDownload(webDist);
  console.log(
    `first download (index.html's entry, preloads and stylesheet): ${kb(first.gzip)} gzip, ${kb(first.br)} brotli in ${first.files.length} files`,
  );
  try {
    const results: Run[] = [];
    let met = true;
    for (const via of VIAS) {
      const result = await measure(via);
      results.push(...result.runs);
      met &&= result.met;
    }
    const indexes = results.map((r) => r.benchmarkIndex);
    if (indexes.length === 0) return;
    const [slowest, fastest] = [Math.min(...indexes), Math.max(...indexes)];
    console.log(
      `host: benchmark index ${slowest.toLocaleString('en')}-${fastest.toLocaleString('en')} (the counted runs); ` +
        `a mid-tier phone is this host slowed ${(slowest / MID_TIER_INDEX).toFixed(1)}-${(fastest / MID_TIER_INDEX).toFixed(1)}x, ` +
        `${CPU_SLOWDOWN === null ? 'Lighthouse slowed it 4x' : `this run slowed it ${CPU_SLOWDOWN}x`}`,
    );
    if (CPU_SLOWDOWN !== null) {
      console.log("no verdict: the goal is measured at Lighthouse's default 4x");
      process.exitCode = 2;
    } else {
      process.exitCode = met ? 0 : 1;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

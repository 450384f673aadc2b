/**
 * Where a Lighthouse run's simulated FCP and LCP come from: Lighthouse's own simulation (Lantern) run again
 * on a run kept by `LIGHTHOUSE_KEEP`, printing the requests and main-thread tasks the estimate waits for,
 * each with its simulated start and end (ms), the last to finish at the bottom. The score does not come from
 * what the browser did (on 127.0.0.1 everything arrives at once) but from this replay on a slow phone and
 * network, so this is what a change has to shorten.
 *
 *   LIGHTHOUSE_KEEP=/tmp/lh LIGHTHOUSE_PAGES=/home LIGHTHOUSE_RUNS=1 npm run bench:lighthouse
 *   npm run bench:lighthouse-chain -- /tmp/lh            (every kept run; or name one: /tmp/lh/lh-_home-1.json)
 *
 * It loads the Lighthouse that `bench:lighthouse` ran (npx's cache of lighthouse@13.5.0).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const VERSION = '13.5.0';

/** The folder of the lighthouse package npx fetched for bench:lighthouse. */
function lighthouseFolder(): string {
  const cache = join(homedir(), '.npm/_npx');
  for (const hash of existsSync(cache) ? readdirSync(cache) : []) {
    const folder = join(cache, hash, 'node_modules/lighthouse');
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === VERSION) return folder;
  }
  throw new Error(`lighthouse@${VERSION} is not in npx's cache: run npm run bench:lighthouse first`);
}

interface SimulatedNode {
  type: 'network' | 'cpu';
  duration: number;
  request?: { url: string; priority: string; transferSize: number };
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
type Metric = { request(data: unknown, context: unknown): Promise<LanternResult> };

const folder = lighthouseFolder();
const load = async (path: string) => import(pathToFileURL(join(folder, path)).href);
const { LanternFirstContentfulPaint } = (await load(
  'core/computed/metrics/lantern-first-contentful-paint.js',
)) as {
  LanternFirstContentfulPaint: Metric;
};
const { LanternLargestContentfulPaint } = (await load(
  'core/computed/metrics/lantern-largest-contentful-paint.js',
)) as { LanternLargestContentfulPaint: Metric };
const { defaultSettings } = (await load('core/config/constants.js')) as { defaultSettings: object };

function label(node: SimulatedNode): string {
  if (node.type === 'cpu') return `main thread ${(node.duration / 1000).toFixed(0)} ms (at full speed)`;
  const { url, priority, transferSize } = node.request ?? { url: '?', priority: '?', transferSize: 0 };
  const path = new URL(url).pathname + new URL(url).search;
  return `${priority} ${(transferSize / 1024).toFixed(1)} KB ${path.length > 60 ? `${path.slice(0, 57)}...` : path}`;
}

async function chain(report: string): Promise<void> {
  const stem = report.replace(/\.json$/, '');
  const result = JSON.parse(readFileSync(report, 'utf8')) as {
    finalDisplayedUrl: string;
    configSettings: object;
  };
  const data = {
    trace: JSON.parse(readFileSync(`${stem}-0.trace.json`, 'utf8')),
    devtoolsLog: JSON.parse(readFileSync(`${stem}-0.devtoolslog.json`, 'utf8')),
    settings: { ...defaultSettings, ...result.configSettings },
    gatherContext: { gatherMode: 'navigation' },
    URL: {
      requestedUrl: result.finalDisplayedUrl,
      mainDocumentUrl: result.finalDisplayedUrl,
      finalDisplayedUrl: result.finalDisplayedUrl,
    },
    SourceMaps: [],
    HostDPR: 1.75,
    simulator: null,
  };
  const context = { computedCache: new Map(), settings: data.settings };
  console.log(`${basename(report)} (${new URL(result.finalDisplayedUrl).pathname})`);
  for (const [name, metric] of [
    ['FCP', LanternFirstContentfulPaint],
    ['LCP', LanternLargestContentfulPaint],
  ] as const) {
    const { timing, optimisticEstimate, pessimisticEstimate } = await metric.request(data, context);
    console.log(
      `  ${name} ${Math.round(timing)} ms (optimistic ${Math.round(optimisticEstimate.timeInMs)}, pessimistic ${Math.round(pessimisticEstimate.timeInMs)}); what it waits for:`,
    );
    const rows = [...pessimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
    for (const [node, { startTime, endTime }] of rows) {
      console.log(
        `    ${String(Math.round(startTime)).padStart(5)} ${String(Math.round(endTime)).padStart(5)}  ${label(node)}`,
      );
    }
  }
}

const target = process.argv[2];
if (!target) throw new Error('name a LIGHTHOUSE_KEEP folder or one of its lh-*.json reports');
const reports = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((file) => /^lh-.*-\d+\.json$/.test(file))
      .map((file) => join(target, file))
  : [target];
for (const report of reports) {
  if (!existsSync(`${report.replace(/\.json$/, '')}-0.trace.json`)) {
    console.log(`${basename(report)}: no trace beside it (${dirname(report)})`);
    continue;
  }
  await chain(report);
}

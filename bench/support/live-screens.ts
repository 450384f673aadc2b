/**
 * The other members' screens for bench:speed's live sync, in a process of their own (forked), so that their
 * work does not slow the server they measure: each opens GET /api/live, and on a grocery item change reads
 * the list again, as the web app does, over kept-alive connections as a browser would.
 *
 * Messages: in { type: 'open', base, listPath, tokens } -> out { type: 'ready' };
 *           in { type: 'report' } -> out { type: 'report', seen: [id, eventAt, shownAt][], failures }
 * Times are absolute milliseconds (performance.timeOrigin + performance.now()) comparable across processes.
 */
import { Agent, get } from 'node:http';

const now = () => performance.timeOrigin + performance.now();
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const seen: [number, number, number][] = [];
const failures: string[] = [];
const controllers: AbortController[] = [];

function getText(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(text) : reject(new Error(`status ${res.statusCode}`)),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function open(base: string, listPath: string, token: string, ready: () => void) {
  const headers = { authorization: `Bearer ${token}` };
  const controller = new AbortController();
  controllers.push(controller);
  const res = await fetch(`${base}/api/live`, { headers, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`live stream: ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (/^event: ready/m.test(message)) ready();
        if (!/^event: change/m.test(message)) continue;
        const data = JSON.parse(/^data: (.*)$/m.exec(message)?.[1] ?? '{}') as {
          entity?: string;
          id?: number;
        };
        if (data.entity !== 'grocery_item' || data.id === undefined) continue;
        const id = data.id;
        const eventAt = now();
        getText(`${base}${listPath}`, headers).then(
          (text) => {
            if (!text.includes(`"grocery_item_id":${id},`))
              throw new Error('a read after a change did not show it');
            seen.push([id, eventAt, now()]);
          },
          (err: unknown) => failures.push(String(err)),
        );
      }
    }
  } catch (err) {
    if (!(err instanceof Error && err.name === 'AbortError')) failures.push(`stream: ${String(err)}`);
  }
}

process.on('message', (message: { type: string; base?: string; listPath?: string; tokens?: string[] }) => {
  if (message.type === 'open') {
    const tokens = message.tokens ?? [];
    let ready = 0;
    const onReady = () => {
      ready++;
      if (ready === tokens.length) process.send?.({ type: 'ready' });
    };
    for (const token of tokens) {
      open(message.base as string, message.listPath as string, token, onReady).catch((err: unknown) =>
        failures.push(String(err)),
      );
    }
  } else if (message.type === 'report') {
    for (const c of controllers) c.abort();
    agent.destroy();
    process.send?.({ type: 'report', seen, failures });
  }
});

/**
 * CalDAV reads beside Radicale (issue 38): a calendar-query REPORT over 2,000 events.
 *
 *   npm run bench:caldav            (CALDAV_SECONDS per run, default 5)
 *
 * Starts Hearth on a temporary SQLite file with one house of 2,000 events (timed and all-day, over a year)
 * and an app password, asks Hearth's house collection for every object (calendar-query with a time range
 * covering them, getetag and calendar-data, Depth: 1), writes those very objects into a Radicale
 * collection (Debian package `radicale`, started here on a free port with a temporary storage folder and
 * no authentication), checks that both answer all 2,000, then measures both with wrk in turns (c=1 and
 * c=4, best of two rounds) and prints requests per second and the ratio (goal: Hearth >= 5x Radicale).
 *
 * Needs wrk and radicale: apt-get install -y wrk radicale
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, memberWithHouse, startBenchApp } from './support/app.js';
import { PORTS } from './support/ports.js';
import { requireTool, type WrkResult, wrk } from './support/wrk.js';

requireTool('wrk', 'wrk');
requireTool('radicale', 'radicale');

const EVENTS = 2000;
const SECONDS = Number(process.env.CALDAV_SECONDS ?? 5);
const ROUNDS = 2;
const port = { hearth: PORTS.caldav, radicale: PORTS.caldav + 1 };

const QUERY = `<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">
    <c:time-range start="20250101T000000Z" end="20280101T000000Z"/>
  </c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>`;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function report(url: string, authorization: string): Promise<string> {
  const res = await fetch(url, {
    method: 'REPORT',
    headers: { authorization, depth: '1', 'content-type': 'application/xml; charset=utf-8' },
    body: QUERY,
  });
  if (res.status !== 207) throw new Error(`REPORT ${url}: ${res.status} ${await res.text()}`);
  return res.text();
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#13;/g, '\r')
    .replace(/&#x[dD];/g, '\r')
    .replace(/&amp;/g, '&');

/** The calendar objects of a multistatus answer (whatever prefix the server gives the CalDAV namespace). */
function objectsOf(multistatus: string): string[] {
  return [...multistatus.matchAll(/<(?:\w+:)?calendar-data[^>]*>([\s\S]*?)<\/(?:\w+:)?calendar-data>/g)].map(
    (m) => {
      const content = m[1] as string;
      // Text or one CDATA section (split where the text holds "]]>").
      return content.startsWith('<![CDATA[')
        ? content
            .replace(/^<!\[CDATA\[/, '')
            .replace(/\]\]>$/, '')
            .replaceAll(']]]]><![CDATA[>', ']]>')
        : unescapeXml(content);
    },
  );
}

const countEvents = (multistatus: string) => (multistatus.match(/BEGIN:VEVENT/g) ?? []).length;

/** Radicale on a collection holding the objects Hearth answered with, one file each. */
async function startRadicale(objects: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-caldav-radicale-'));
  const collection = join(dir, 'collections', 'collection-root', 'bench', 'house');
  mkdirSync(collection, { recursive: true });
  writeFileSync(
    join(collection, '.Radicale.props'),
    JSON.stringify({ tag: 'VCALENDAR', 'C:supported-calendar-component-set': 'VEVENT' }),
  );
  objects.forEach((text, i) => {
    writeFileSync(join(collection, `object-${i}.ics`), text.replace(/\r?\n/g, '\r\n'));
  });
  const config = join(dir, 'config');
  writeFileSync(
    config,
    `[server]\nhosts = 127.0.0.1:${port.radicale}\n[auth]\ntype = none\n[rights]\ntype = authenticated\n` +
      `[storage]\nfilesystem_folder = ${join(dir, 'collections')}\n[logging]\nlevel = error\n[web]\ntype = none\n`,
  );
  const child: ChildProcess = spawn('radicale', ['--config', config], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port.radicale}/bench/house/`;
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  // A busy machine may take a while: Radicale reads every item on its first query.
  let last: unknown = null;
  for (let i = 0; i < 600; i++) {
    try {
      await report(url, basic('bench', 'bench'));
      return { url, stop };
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await stop();
  throw new Error(`Radicale did not start: ${String(last)}`);
}

async function main() {
  console.log(
    `CalDAV calendar-query over ${fmt(EVENTS)} events: Hearth beside Radicale, ${SECONDS} s per run`,
  );
  const hearth = await startBenchApp({ port: port.hearth, name: 'caldav', countQueries: false });
  try {
    const { token, userId, houseId } = await memberWithHouse(hearth, 'bench');
    const { password } = await call<{ password: string }>(hearth.base, token, 'POST', '/api/app-password/', {
      label: 'bench',
    });
    // The events straight into the table (set-up, not measured): timed ones every 4 hours, every
    // seventh all-day, some with a description and a place.
    const now = new Date().toISOString();
    const rows = Array.from({ length: EVENTS }, (_, i) => {
      const start = new Date(Date.UTC(2026, 0, 1) + i * 4 * 3600_000);
      const allDay = i % 7 === 0;
      const date = start.toISOString().slice(0, 10);
      return {
        house_id: houseId,
        user_id: userId,
        title: `Event ${i + 1}: ${['Bins', 'Rent', 'Dinner', 'Cleaning', 'Party'][i % 5]}`,
        description:
          i % 3 === 0 ? `Notes for event ${i + 1}, with a comma; and a longer line of text.` : null,
        location: i % 4 === 0 ? 'Kitchen' : null,
        start_datetime: allDay ? `${date}T00:00:00.000Z` : start.toISOString(),
        end_datetime: allDay ? `${date}T23:59:00.000Z` : new Date(start.getTime() + 3600_000).toISOString(),
        all_day: allDay ? 1 : 0,
        start_date: allDay ? date : null,
        end_date: allDay ? date : null,
        time_zone: 'Europe/London',
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 500) {
      await hearth.db
        .insertInto('events')
        .values(rows.slice(i, i + 500))
        .execute();
    }

    const hearthUrl = `${hearth.base}/dav/calendars/bench/house/`;
    const hearthAuth = basic('bench', password);
    const answer = await report(hearthUrl, hearthAuth);
    const objects = objectsOf(answer);
    if (objects.length !== EVENTS || countEvents(answer) !== EVENTS) {
      throw new Error(`Hearth answered ${objects.length} objects with ${countEvents(answer)} events`);
    }
    console.log(`  Hearth answers ${fmt(objects.length)} objects, ${fmt(answer.length / 1024)} KB`);

    const radicale = await startRadicale(objects);
    try {
      const theirs = await report(radicale.url, basic('bench', 'bench'));
      if (countEvents(theirs) !== EVENTS) throw new Error(`Radicale answered ${countEvents(theirs)} events`);
      console.log(`  Radicale answers ${fmt(countEvents(theirs))} objects, ${fmt(theirs.length / 1024)} KB`);

      const scriptDir = mkdtempSync(join(tmpdir(), 'hearth-bench-caldav-wrk-'));
      const script = join(scriptDir, 'report.lua');
      writeFileSync(
        script,
        `wrk.method = "REPORT"\nwrk.headers["Depth"] = "1"\nwrk.headers["Content-Type"] = "application/xml; charset=utf-8"\nwrk.body = [[${QUERY}]]\n`,
      );
      const runs = {
        Hearth: { url: hearthUrl, authorization: hearthAuth },
        Radicale: { url: radicale.url, authorization: basic('bench', 'bench') },
      };
      const best: Record<string, WrkResult> = {};
      try {
        for (const connections of [1, 4]) {
          for (let round = 0; round < ROUNDS; round++) {
            // Taking turns, so a busy moment of the machine falls on both alike.
            for (const [name, run] of Object.entries(runs)) {
              const key = `${name} c=${connections}`;
              const result = await wrk(run.url, {
                connections,
                seconds: SECONDS,
                headers: { authorization: run.authorization },
                script,
              });
              if (result.errors > 0) throw new Error(`${key}: ${result.errors} errors`);
              if (!best[key] || result.rps > best[key].rps) best[key] = result;
            }
          }
        }
      } finally {
        rmSync(scriptDir, { recursive: true, force: true });
      }
      const table: Record<string, string> = {};
      for (const [key, r] of Object.entries(best)) {
        table[key] = `${r.rps.toFixed(1)} req/s, p50 ${r.p50ms.toFixed(1)} ms, p99 ${r.p99ms.toFixed(1)} ms`;
      }
      for (const c of [1, 4]) {
        const ratio = (best[`Hearth c=${c}`]?.rps ?? 0) / (best[`Radicale c=${c}`]?.rps ?? 1);
        table[`Hearth / Radicale c=${c}`] =
          `${ratio.toFixed(1)}x (goal >= 5x) ${ratio >= 5 ? 'ok' : 'BELOW GOAL'}`;
      }
      console.table(table);
    } finally {
      await radicale.stop();
    }
  } finally {
    await hearth.close();
  }
}

await main();

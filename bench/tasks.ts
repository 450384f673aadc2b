/**
 * GET /api/task/ beside /healthz, in one run: requests per second of each, their ratio, and the SQL queries
 * one list request makes, for a house of 200 tasks with 20,000 history rows and one of 20 tasks with 2,000
 * (the count must not grow with the number of tasks or of history rows).
 *
 *   node --conditions=@hearth/source --import tsx bench/tasks.ts     (or: npm run bench:tasks)
 */

import { call as apiCall, startBenchApp } from './support/app.js';
import { PORTS } from './support/ports.js';

const PORT = PORTS.tasks;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONCURRENCY = 8;
const ROUNDS = 3;
const MEMBERS = 4;
const HISTORY_PER_TASK = 100;
const DAY = 86_400_000;

// Without kept answers: this bench measures the SQL path (bench:speed measures kept answers).
const bench = await startBenchApp({ port: PORT, name: 'tasks', responseCache: false });
const { db, base, issuer } = bench;

const call = (token: string, method: string, path: string, body?: unknown) =>
  apiCall(base, token, method, path, body);

/**
 * A person with a house of MEMBERS people holding `tasks` tasks (every kind of repeat and rotation), each
 * with HISTORY_PER_TASK dones and skips over the past months, and an away period; returns their token.
 */
async function houseWith(subject: string, tasks: number): Promise<string> {
  const token = await issuer.mint(subject, { expiresIn: '2h' });
  const me = await call(token, 'POST', '/api/users/', {
    username: subject,
    first_name: 'Bench',
    last_name: 'Mark',
    email: `${subject}@example.test`,
  });
  const house = await call(token, 'POST', '/api/house/', { house_name: `${subject}'s house` });
  const houseId = house.house_id as number;
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const members = [me.user_id as number];
  for (let m = 1; m < MEMBERS; m++) {
    const row = await db
      .insertInto('users')
      .values({
        issuer: issuer.url,
        subject: `${subject}-mate-${m}`,
        username: `${subject}mate${m}`,
        username_key: `${subject}mate${m}`,
        first_name: 'Mate',
        last_name: String(m),
        email: `${subject}-mate-${m}@example.test`,
        phone_num: null,
        profile_img: null,
        house_id: houseId,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    members.push(row.user_id);
  }
  const kinds = [
    { repeat_every: 'days', repeat_interval: 3, repeat_weekdays: null, repeat_month_day: null },
    { repeat_every: 'weeks', repeat_interval: 1, repeat_weekdays: '1,4', repeat_month_day: null },
    { repeat_every: 'months', repeat_interval: 1, repeat_weekdays: null, repeat_month_day: -1 },
    { repeat_every: 'days_after_done', repeat_interval: 2, repeat_weekdays: null, repeat_month_day: null },
    { repeat_every: 'none', repeat_interval: null, repeat_weekdays: null, repeat_month_day: null },
  ];
  const rotations = ['fixed', 'round_robin', 'fairest'];
  for (let t = 0; t < tasks; t++) {
    const due = new Date(now + ((t % 40) - 10) * DAY).toISOString();
    const rotation = rotations[t % rotations.length]!;
    const task = await db
      .insertInto('tasks')
      .values({
        house_id: houseId,
        title: `Task ${t + 1}`,
        notes: t % 2 ? `Notes for task ${t + 1}` : null,
        effort: (t % 5) + 1,
        time_zone: 'Europe/Berlin',
        due_at: due,
        anchor_at: due,
        ...kinds[t % kinds.length]!,
        rotation,
        pool: rotation === 'fixed' ? String(members[t % MEMBERS]) : members.join(','),
        assignee_id: members[t % MEMBERS]!,
        completed: 0,
        created_by: members[0]!,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('task_history')
      .values(
        Array.from({ length: HISTORY_PER_TASK }, (_, h) => ({
          task_id: task.task_id,
          house_id: houseId,
          done_at: new Date(now - (HISTORY_PER_TASK - h) * DAY).toISOString(),
          done_by: members[h % MEMBERS]!,
          skipped: h % 10 === 9 ? 1 : 0,
          effort: h % 10 === 9 ? 0 : (t % 5) + 1,
          prev_due_at: due,
          prev_assignee_id: members[(h + 1) % MEMBERS]!,
          prev_completed: 0,
        })),
      )
      .execute();
  }
  await db
    .insertInto('away_periods')
    .values({
      house_id: houseId,
      user_id: members[1]!,
      starts_on: new Date(now + 2 * DAY).toISOString().slice(0, 10),
      ends_on: new Date(now + 9 * DAY).toISOString().slice(0, 10),
      created_at: stamp,
    })
    .execute();
  return token;
}

/** REQUESTS requests, CONCURRENCY at a time; every answer is read and checked. */
async function measure(path: string, headers: Record<string, string>) {
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const res = await fetch(`${base}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return REQUESTS / ((performance.now() - started) / 1000);
}

async function queriesPerRequest(token: string): Promise<{ queries: number; tasks: number }> {
  const before = bench.queries();
  const res = await fetch(`${base}/api/task/`, { headers: { authorization: `Bearer ${token}` } });
  const tasks = (await res.json()) as unknown[];
  return { queries: bench.queries() - before, tasks: tasks.length };
}

try {
  const big = await houseWith('bench200', 200);
  const small = await houseWith('bench20', 20);
  const history = await db
    .selectFrom('task_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const auth = { authorization: `Bearer ${big}` };
  const plain = { 'accept-encoding': 'identity' };

  // Warm up the JIT, the statement caches and the key set.
  for (const path of ['/healthz', '/api/task/']) {
    for (let i = 0; i < 100; i++) await (await fetch(`${base}${path}`, { headers: auth })).arrayBuffer();
  }
  const sample = await fetch(`${base}/api/task/`, { headers: { ...auth, ...plain } });
  const bytes = (await sample.arrayBuffer()).byteLength;

  // Routes take turns, round after round, and each keeps its best round, so a busy moment on the shared
  // machine slows one round of every route instead of skewing one route's figure.
  const routes = {
    healthz: ['/healthz', plain],
    tasksPlain: ['/api/task/', { ...auth, ...plain }],
    tasksCompressed: ['/api/task/', { ...auth, 'accept-encoding': 'br, gzip' }],
  } as const;
  const best = { healthz: 0, tasksPlain: 0, tasksCompressed: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, [path, headers]] of Object.entries(routes) as [
      keyof typeof routes,
      (typeof routes)[keyof typeof routes],
    ][]) {
      best[name] = Math.max(best[name], await measure(path, headers));
    }
  }
  const q200 = await queriesPerRequest(big);
  const q20 = await queriesPerRequest(small);

  const fmt = (n: number) => n.toFixed(0).padStart(7);
  console.log(
    `Hearth tasks bench: best of ${ROUNDS} rounds of ${REQUESTS} requests per route, ${CONCURRENCY} at a time; SQLite file; port ${PORT}`,
  );
  console.log(
    `house: 200 tasks, ${MEMBERS} members; ${history.n} history rows in the database; one answer is ${(bytes / 1024).toFixed(0)} KiB of JSON`,
  );
  console.log('');
  console.log(`GET /healthz                            ${fmt(best.healthz)} req/s`);
  console.log(
    `GET /api/task/ (uncompressed)           ${fmt(best.tasksPlain)} req/s   ratio ${(best.tasksPlain / best.healthz).toFixed(3)}`,
  );
  console.log(
    `GET /api/task/ (br, as browsers ask)    ${fmt(best.tasksCompressed)} req/s   ratio ${(best.tasksCompressed / best.healthz).toFixed(3)}`,
  );
  console.log('');
  console.log('SQL queries per GET /api/task/ (profile lookup + tasks with their last done + away periods):');
  console.log(`  ${String(q200.tasks).padStart(3)} open tasks: ${q200.queries}`);
  console.log(`  ${String(q20.tasks).padStart(3)} open tasks: ${q20.queries}`);
  if (q200.queries !== q20.queries) {
    console.error('FAIL: the number of queries grows with the number of tasks');
    process.exitCode = 1;
  }
} finally {
  await bench.close();
}

import type { NotificationKind } from '@hearth/contract';
import { DateTime } from 'luxon';
import type { DatabaseEngine } from '../../config.js';
import type { Db } from '../../db/create-db.js';
import { billActivityBetween, paymentsRecordedBetween, recurringBillsDue } from '../bills/index.js';
import { nextReminderOccurrence, remindersDueBetween } from '../reminders/index.js';
import { taskHistoryBetween, tasksDueWindow } from '../tasks/index.js';
import { webhooksDisabledBetween } from '../webhooks/index.js';
import { localTimesBetween, MISSED_AFTER_MS, timing } from './clock.js';
import { type DeliveryDetails, formatMoney } from './messages.js';
import { NotificationsRepository } from './repository.js';
import { DEFAULT_PREFERENCES, type Preferences } from './settings.js';
import type { NewDeliveryRow, PushSubscriptionRow } from './tables.js';

/*
 * The planner turns what falls due into delivery rows. Each run plans the span (watermark, now]: reminder
 * occurrences, tasks due for the person whose turn it is, recurring bills due (09:00 in the house's zone),
 * payments recorded by someone else, and digests. The watermark is held while planning, and a delivery's
 * key is unique, so a span is planned once however many instances run. After a restart the span since the
 * last run is planned: what was missed goes out at once, or into the digest when more than an hour old.
 */

/** A thing that fell due for one person, before channels and timing. */
export interface DueItem {
  userId: number;
  kind: NotificationKind;
  sourceId: number;
  dueAt: Date;
  details: DeliveryDetails;
}

/** Source ids of switched-off webhooks start below minus this, clear of bill activity's. */
const WEBHOOK_SOURCE_OFFSET = 1_000_000_000;
/** A recurring bill falls due at this local hour in the house's zone. */
const BILL_DUE_HOUR = 9;
/** How often deleted accounts' devices and choices are looked for. */
const CLEANUP_EVERY_MS = 5 * 60 * 1000;
/** On the first run ever, things due this long before are still planned. */
const FIRST_RUN_LOOKBACK_MS = 5 * 60 * 1000;

export interface PlannerOptions {
  engine: DatabaseEngine;
  emailEnabled: boolean;
}

export class Planner {
  constructor(
    private readonly db: Db,
    private readonly options: PlannerOptions,
  ) {}

  private lastCleanup = 0;

  /** Plans (watermark, now]; false when another instance is planning right now. */
  async run(now: Date): Promise<boolean> {
    const repo = new NotificationsRepository(this.db, this.options.engine);
    if (Math.abs(now.getTime() - this.lastCleanup) > CLEANUP_EVERY_MS) {
      await repo.forgetDeletedPeople();
      this.lastCleanup = now.getTime();
    }
    await repo.releaseFolded(now);
    return repo.withWatermark(new Date(now.getTime() - FIRST_RUN_LOOKBACK_MS), async (from, trx) => {
      if (from.getTime() >= now.getTime()) return from;
      const items = await this.dueBetween(trx, from, now);
      const txRepo = new NotificationsRepository(trx, this.options.engine);
      await this.planItems(txRepo, items, now);
      await this.planDigests(txRepo, from, now);
      return now;
    });
  }

  private async dueBetween(db: Db, from: Date, to: Date): Promise<DueItem[]> {
    const items: DueItem[] = [];
    // After a long stop, a repeating reminder's missed occurrences count once: the latest of them.
    const latestMissed = new Map<number, DueItem>();
    for (const r of await remindersDueBetween(db, from, to)) {
      const item = reminderItem(r);
      if (to.getTime() - item.dueAt.getTime() <= MISSED_AFTER_MS) items.push(item);
      else if ((latestMissed.get(r.reminder_id)?.dueAt.getTime() ?? 0) < item.dueAt.getTime()) {
        latestMissed.set(r.reminder_id, item);
      }
    }
    items.push(...latestMissed.values());
    for (const t of await tasksDueWindow(db, from, to)) {
      items.push({
        userId: t.assignee_id,
        kind: 'tasks',
        sourceId: t.task_id,
        dueAt: new Date(t.due_at),
        details: { text: 'task', name: t.title },
      });
    }
    // Bills: the dates (in any zone) the span touches, then each house's 09:00 on them.
    const fromDate = DateTime.fromJSDate(from).minus({ days: 1 }).toISODate() as string;
    const toDate = DateTime.fromJSDate(to).plus({ days: 1 }).toISODate() as string;
    const bills = await recurringBillsDue(db, fromDate, toDate);
    if (bills.length > 0) {
      const repo = new NotificationsRepository(db, this.options.engine);
      const houseIds = [...new Set(bills.map((b) => b.house_id))];
      const zones = new Map((await repo.houseZones(houseIds)).map((h) => [h.house_id, h.time_zone]));
      const members = await repo.membersOf(houseIds);
      for (const bill of bills) {
        const zone = zones.get(bill.house_id) ?? 'UTC';
        const due = DateTime.fromISO(bill.due_on, { zone }).set({ hour: BILL_DUE_HOUR });
        if (due.toMillis() <= from.getTime() || due.toMillis() > to.getTime()) continue;
        for (const m of members) {
          if (m.house_id !== bill.house_id) continue;
          items.push({
            userId: m.user_id,
            kind: 'bills',
            sourceId: bill.recurring_id,
            dueAt: due.toJSDate(),
            details: {
              text: 'bill',
              name: bill.title,
              amount: formatMoney(bill.amount_minor, bill.currency),
            },
          });
        }
      }
    }
    for (const p of await paymentsRecordedBetween(db, from, to)) {
      const amount = formatMoney(p.amount_minor, p.currency);
      for (const [userId, text] of [
        [p.to_user_id, 'paymentToYou'],
        [p.from_user_id, 'paymentFromYou'],
      ] as const) {
        if (userId === p.created_by) continue;
        items.push({
          userId,
          kind: 'bills',
          // Payments and recurring bills share the kind; a payment's source is negative so keys never meet.
          sourceId: -p.payment_id,
          dueAt: new Date(p.created_at),
          details: { text, name: '', amount },
        });
      }
    }
    // House changes by someone else, to every other member (for people with a digest, it lists them).
    const history = await taskHistoryBetween(db, from, to);
    const activity = await billActivityBetween(db, from, to);
    const disabled = await webhooksDisabledBetween(db, from, to);
    const changes = [
      ...history.map((h) => ({
        houseId: h.house_id,
        actor: h.done_by as number | null,
        sourceId: h.history_id,
        at: h.done_at,
        details: { text: h.skipped ? 'taskSkipped' : 'taskDone', name: h.title } satisfies DeliveryDetails,
      })),
      // Bill activity ids are negative so they never share a key with task history.
      ...activity.map((a) => ({
        houseId: a.house_id,
        actor: a.actor_id,
        sourceId: -a.activity_id,
        at: a.at,
        details: { text: 'billChange', name: a.title } satisfies DeliveryDetails,
      })),
      // Hearth switched a webhook off; everyone is told. Its ids sit far below bill activity's.
      ...disabled.map((w) => ({
        houseId: w.house_id,
        actor: null,
        sourceId: -WEBHOOK_SOURCE_OFFSET - w.webhook_id,
        at: w.disabled_at as string,
        details: {
          text: 'webhookDisabled',
          name: w.description || new URL(w.url).host,
        } satisfies DeliveryDetails,
      })),
    ];
    if (changes.length > 0) {
      const repo = new NotificationsRepository(db, this.options.engine);
      const members = await repo.membersOf([...new Set(changes.map((c) => c.houseId))]);
      for (const change of changes) {
        for (const m of members) {
          if (m.house_id !== change.houseId || m.user_id === change.actor) continue;
          items.push({
            userId: m.user_id,
            kind: 'house',
            sourceId: change.sourceId,
            dueAt: new Date(change.at),
            details: change.details,
          });
        }
      }
    }
    return items;
  }

  /** Delivery rows for due items: each of the person's channels for that kind, each push device. */
  async planItems(repo: NotificationsRepository, items: DueItem[], now: Date): Promise<number> {
    if (items.length === 0) return 0;
    const userIds = [...new Set(items.map((i) => i.userId))];
    const [prefs, devices, people] = await Promise.all([
      repo.preferencesOf(userIds),
      repo.devicesOf(userIds),
      repo.recipients(userIds),
    ]);
    const reachable = new Map(people.filter((p) => !p.deleted).map((p) => [p.user_id, p]));
    const rows: NewDeliveryRow[] = [];
    const created = now.toISOString();
    for (const item of items) {
      const person = reachable.get(item.userId);
      if (!person) continue;
      const p = prefs.get(item.userId) ?? DEFAULT_PREFERENCES;
      // With a digest, house changes are listed there rather than one message each.
      if (item.kind === 'house' && p.digestTime) continue;
      const when = timing(item.dueAt, now, p.timeZone, p.quiet, p.digestTime);
      const base = {
        user_id: item.userId,
        kind: item.kind,
        source_id: item.sourceId,
        due_at: item.dueAt.toISOString(),
        details: JSON.stringify(item.details),
        status: when.status,
        send_at: when.sendAt.toISOString(),
        created_at: created,
      };
      for (const target of targets(
        p,
        item.kind,
        devices.get(item.userId) ?? [],
        this.canEmail(person.email),
      )) {
        rows.push({ ...base, ...target });
      }
    }
    return repo.plan(rows);
  }

  private canEmail(email: string): boolean {
    return this.options.emailEnabled && email.includes('@');
  }

  /** Digests whose time falls in (from, to], on every channel the person uses. */
  private async planDigests(repo: NotificationsRepository, from: Date, to: Date): Promise<void> {
    const people = await repo.digestPeople();
    if (people.size === 0) return;
    const userIds = [...people.keys()];
    const [devices, recipients] = await Promise.all([repo.devicesOf(userIds), repo.recipients(userIds)]);
    const reachable = new Map(recipients.filter((r) => !r.deleted).map((r) => [r.user_id, r]));
    const rows: NewDeliveryRow[] = [];
    for (const [userId, p] of people) {
      const person = reachable.get(userId);
      if (!person || !p.digestTime) continue;
      for (const at of localTimesBetween(from, to, p.timeZone, p.digestTime)) {
        const base = {
          user_id: userId,
          kind: 'digest',
          source_id: 0,
          due_at: at.toISOString(),
          details: JSON.stringify({ text: 'digest', name: '' } satisfies DeliveryDetails),
          status: 'pending' as const,
          send_at: at.toISOString(),
          created_at: to.toISOString(),
        };
        for (const target of digestTargets(p, devices.get(userId) ?? [], this.canEmail(person.email))) {
          rows.push({ ...base, ...target });
        }
      }
    }
    await repo.plan(rows);
  }

  /** A repeating reminder was sent: its next occurrence is planned now (planning it again adds nothing). */
  async planNextReminder(reminderId: number, dueAt: Date, now: Date): Promise<void> {
    const next = await nextReminderOccurrence(this.db, reminderId, dueAt);
    // One already past is the span planner's (which sends only the latest missed one), never a chain here.
    if (!next || Date.parse(next.due_at) <= now.getTime()) return;
    await this.planItems(
      new NotificationsRepository(this.db, this.options.engine),
      [reminderItem(next)],
      now,
    );
  }
}

export function reminderItem(r: {
  reminder_id: number;
  owner_id: number;
  title: string;
  description: string | null;
  due_at: string;
}): DueItem {
  return {
    userId: r.owner_id,
    kind: 'reminders',
    sourceId: r.reminder_id,
    dueAt: new Date(r.due_at),
    details: { text: 'reminder', name: r.title, description: r.description },
  };
}

type Target = { channel: 'push' | 'email'; target_id: number };

function targets(
  p: Preferences,
  kind: NotificationKind,
  devices: PushSubscriptionRow[],
  email: boolean,
): Target[] {
  const out: Target[] = [];
  for (const channel of p.channels[kind]) {
    if (channel === 'email' && email) out.push({ channel, target_id: 0 });
    if (channel === 'push') for (const d of devices) out.push({ channel, target_id: d.push_subscription_id });
  }
  return out;
}

/** A digest goes to every channel the person uses for anything. */
function digestTargets(p: Preferences, devices: PushSubscriptionRow[], email: boolean): Target[] {
  const used = new Set(Object.values(p.channels).flat());
  const out: Target[] = [];
  if (used.has('push'))
    for (const d of devices) out.push({ channel: 'push', target_id: d.push_subscription_id });
  if (used.has('email') && email) out.push({ channel: 'email', target_id: 0 });
  return out;
}

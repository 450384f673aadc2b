import { NOTIFICATION_KINDS, type NotificationKind, type PushPayload } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/create-db.js';
import { standingReminders } from '../reminders/index.js';
import { openTasks } from '../tasks/index.js';
import { type DigestSection, digestSections, digestText } from './digest.js';
import { escapeHtml, type Mailer, type MailMessage } from './mail.js';
import { type DeliveryDetails, type Messages, messages, type Rendered, render } from './messages.js';
import type { Planner } from './planner.js';
import type { PushSender } from './push.js';
import type { NotificationsRepository, Recipient } from './repository.js';
import { DEFAULT_PREFERENCES, type Preferences } from './settings.js';
import type { DeliveryRow, PushSubscriptionRow } from './tables.js';
import type { LinkSigner } from './tokens.js';

/*
 * The sender: claims deliveries that may go now (a batch at a time), sends each, and marks it sent as soon
 * as it went, so an instance that stops mid-batch leaves only the messages in flight to go again (with the
 * same id: push Topic and tag, email Message-ID, so receivers can recognise them). A push service's 404/410
 * removes the device; 429, 5xx and network errors are retried with backoff; other failures are final.
 */

const BATCH = 200;
const CONCURRENCY = 24;
/**
 * A claim lapses after this long, so another instance takes over a stopped one's deliveries; while a batch
 * is being sent its claim is renewed every RENEW_MS, so a slow push service never lets it lapse.
 */
export const LEASE_MS = 20 * 1000;
const RENEW_MS = 5 * 1000;
const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 30 * 1000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;

export function backoff(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export interface DispatcherDeps {
  db: Db;
  repo: NotificationsRepository;
  push: PushSender;
  mailer: Mailer | null;
  signer: LinkSigner;
  planner: Planner;
  publicUrl: string;
  instance: string;
  log: FastifyBaseLogger;
  /** Counts each delivery's outcome (metrics). */
  count?: (outcome: 'sent' | 'failed' | 'retried', channel: string) => void;
}

interface BatchContext {
  people: Map<number, Recipient>;
  prefs: Map<number, Preferences>;
  devices: Map<number, PushSubscriptionRow>;
  standing: Set<number>;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export class Dispatcher {
  private stopping = false;

  constructor(private readonly deps: DispatcherDeps) {}

  /**
   * The instance is stopping: claims no more, lets the messages already on the wire finish, and hands
   * back the rest of its claims at once, so another instance sends them now rather than when they lapse.
   * Call `releaseClaims` once the current drain has returned.
   */
  stop(): void {
    this.stopping = true;
  }

  /** Gives back every delivery this instance claimed but has not sent; answers how many. */
  releaseClaims(): Promise<number> {
    return this.deps.repo.releaseClaims(this.deps.instance);
  }

  /** Sends everything due by now, batch after batch; answers how many deliveries it handled. */
  async drain(clock: () => Date = () => new Date()): Promise<number> {
    let handled = 0;
    for (;;) {
      if (this.stopping) return handled;
      const rows = await this.deps.repo.claim(this.deps.instance, clock(), BATCH, LEASE_MS);
      if (rows.length === 0) return handled;
      const renew = setInterval(() => {
        this.deps.repo
          .renewClaims(this.deps.instance, new Date(clock().getTime() + LEASE_MS))
          .catch(() => {});
      }, RENEW_MS);
      try {
        const ctx = await this.context(rows);
        await eachLimited(rows, CONCURRENCY, async (row) => {
          if (!this.stopping) await this.sendOne(row, ctx, clock);
        });
      } finally {
        clearInterval(renew);
      }
      handled += rows.length;
    }
  }

  private async context(rows: DeliveryRow[]): Promise<BatchContext> {
    const { repo, db } = this.deps;
    const userIds = [...new Set(rows.map((r) => r.user_id))];
    const deviceIds = [...new Set(rows.filter((r) => r.channel === 'push').map((r) => r.target_id))];
    const [people, prefs, devices] = await Promise.all([
      repo.recipients(userIds),
      repo.preferencesOf(userIds),
      repo.devicesById(deviceIds),
    ]);
    // Whether each reminder occurrence and task is still due as planned (edited, deleted or done since?).
    const standing = new Set<number>();
    const reminderRows = rows.filter((r) => r.kind === 'reminders');
    const stillReminders = await standingReminders(
      db,
      reminderRows.map((r) => ({
        reminder_id: r.source_id,
        owner_id: r.user_id,
        due_at: r.due_at,
        anyTime: Boolean((JSON.parse(r.details) as DeliveryDetails).snoozed),
      })),
    );
    for (const r of reminderRows)
      if (stillReminders.has(`${r.source_id}@${r.due_at}`)) standing.add(r.delivery_id);
    const taskRows = rows.filter((r) => r.kind === 'tasks');
    const tasks = new Map(
      (await openTasks(db, [...new Set(taskRows.map((r) => r.source_id))])).map((t) => [t.task_id, t]),
    );
    for (const r of taskRows) {
      const t = tasks.get(r.source_id);
      if (t && t.assignee_id === r.user_id && Date.parse(t.due_at) === Date.parse(r.due_at))
        standing.add(r.delivery_id);
    }
    for (const r of rows) if (r.kind !== 'reminders' && r.kind !== 'tasks') standing.add(r.delivery_id);
    return {
      people: new Map(people.map((p) => [p.user_id, p])),
      prefs,
      devices: new Map(devices.map((d) => [d.push_subscription_id, d])),
      standing,
    };
  }

  private async sendOne(row: DeliveryRow, ctx: BatchContext, clock: () => Date): Promise<void> {
    const { repo, instance, log } = this.deps;
    try {
      const person = ctx.people.get(row.user_id);
      if (!person || person.deleted)
        return await repo.finish(row.delivery_id, instance, {
          status: 'cancelled',
          at: clock(),
          error: 'person gone',
        });
      if (!ctx.standing.has(row.delivery_id)) {
        return await repo.finish(row.delivery_id, instance, {
          status: 'cancelled',
          at: clock(),
          error: 'no longer due',
        });
      }
      const m = messages(person.language);
      const p = ctx.prefs.get(row.user_id) ?? DEFAULT_PREFERENCES;
      const details = JSON.parse(row.details) as DeliveryDetails;
      let rendered = render(m, details);
      let sections: DigestSection[] = [];
      let foldedIds: number[] = [];
      if (row.kind === 'digest') {
        const folded = await repo.folded(row.user_id, row.channel, row.target_id);
        foldedIds = folded.map((f) => f.delivery_id);
        sections = await digestSections(this.deps.db, m, person, p, new Date(row.due_at), folded);
        if (sections.length === 0) {
          return await repo.finish(row.delivery_id, instance, {
            status: 'cancelled',
            at: clock(),
            error: 'nothing to say',
          });
        }
        rendered = { ...rendered, body: digestText(sections) };
      }
      const outcome =
        row.channel === 'push'
          ? await this.sendPush(row, ctx, rendered, m)
          : await this.sendEmail(row, person, m, rendered, sections);
      const now = clock();
      if (outcome === 'sent') {
        await repo.finish(row.delivery_id, instance, { status: 'sent', at: now });
        this.deps.count?.('sent', row.channel);
        if (foldedIds.length > 0) await repo.markDigested(foldedIds);
        if (row.kind === 'reminders' && !details.snoozed) {
          await this.deps.planner.planNextReminder(row.source_id, new Date(row.due_at), now);
        }
      } else if (outcome.kind === 'gone') {
        await repo.finish(row.delivery_id, instance, { status: 'cancelled', at: now, error: outcome.error });
      } else if (outcome.kind === 'retry' && row.attempts < MAX_ATTEMPTS) {
        const wait = Math.max(outcome.retryAfterMs ?? 0, backoff(row.attempts));
        await repo.retryLater(row.delivery_id, instance, new Date(now.getTime() + wait), outcome.error);
        this.deps.count?.('retried', row.channel);
      } else {
        await repo.finish(row.delivery_id, instance, { status: 'failed', at: now, error: outcome.error });
        this.deps.count?.('failed', row.channel);
      }
    } catch (err) {
      // Left claimed: the claim lapses and the delivery is tried again.
      log.error({ err, delivery_id: row.delivery_id }, 'notification delivery failed');
    }
  }

  private async sendPush(
    row: DeliveryRow,
    ctx: BatchContext,
    rendered: Rendered,
    m: Messages,
  ): Promise<'sent' | { kind: 'gone' | 'retry' | 'failed'; error: string; retryAfterMs: number | null }> {
    const device = ctx.devices.get(row.target_id);
    if (!device || device.user_id !== row.user_id)
      return { kind: 'gone', error: 'device removed', retryAfterMs: null };
    const payload = await this.payload(row, rendered, m);
    const result = await this.deps.push.send(device, payload, `d${row.delivery_id}`);
    if (result.ok) return 'sent';
    if (result.gone) {
      await this.deps.repo.forgetDevice(device.push_subscription_id);
      return { kind: 'gone', error: result.error, retryAfterMs: null };
    }
    return {
      kind: result.retry ? 'retry' : 'failed',
      error: result.error,
      retryAfterMs: result.retryAfterMs,
    };
  }

  /** The push message the service worker shows; an action carries its own signed token. */
  async payload(row: DeliveryRow, rendered: Rendered, m: Messages): Promise<PushPayload> {
    const action = row.kind === 'digest' ? null : rendered.action;
    const base: PushPayload = {
      delivery_id: String(row.delivery_id),
      kind: row.kind as PushPayload['kind'],
      title: rendered.title,
      body: rendered.body,
      url: rendered.url,
      tag: `${row.kind}-${row.source_id}`,
      actions: [],
      due_at: new Date(row.due_at).toISOString(),
    };
    if (!action) return base;
    const action_token = await this.deps.signer.actionToken({
      userId: row.user_id,
      action,
      sourceId: row.source_id,
      dueAt: new Date(row.due_at).toISOString(),
    });
    return {
      ...base,
      actions: [{ action, title: action === 'done' ? m.done : m.snooze }],
      action_token,
      action_failed: { title: m.actionFailedTitle, body: m.actionFailedBody },
    };
  }

  private async sendEmail(
    row: DeliveryRow,
    person: Recipient,
    m: Messages,
    rendered: Rendered,
    sections: DigestSection[],
  ): Promise<'sent' | { kind: 'gone' | 'retry' | 'failed'; error: string; retryAfterMs: number | null }> {
    const { mailer } = this.deps;
    if (!mailer) return { kind: 'gone', error: 'email is not configured', retryAfterMs: null };
    const kind = (NOTIFICATION_KINDS as readonly string[]).includes(row.kind)
      ? (row.kind as NotificationKind)
      : null;
    const message = await composeEmail({
      m,
      to: person.email,
      rendered,
      sections,
      messageId: `<delivery-${row.delivery_id}@${new URL(this.deps.publicUrl).hostname}>`,
      publicUrl: this.deps.publicUrl,
      unsubscribe: kind ? { kind, token: await this.deps.signer.unsubscribeToken(row.user_id, kind) } : null,
    });
    const result = await mailer.send(message);
    if (result.ok) return 'sent';
    return { kind: result.retry ? 'retry' : 'failed', error: result.error, retryAfterMs: null };
  }
}

/** Text and HTML of a notification email, with the one-click unsubscribe link for its kind. */
export function composeEmail(input: {
  m: Messages;
  to: string;
  rendered: Rendered;
  sections: DigestSection[];
  messageId: string;
  publicUrl: string;
  unsubscribe: { kind: NotificationKind; token: string } | null;
}): MailMessage {
  const { m, rendered, sections, publicUrl, unsubscribe } = input;
  const open = `${publicUrl}${rendered.url}`;
  const page = unsubscribe ? `${publicUrl}/unsubscribe?token=${encodeURIComponent(unsubscribe.token)}` : null;
  const oneClick = unsubscribe
    ? `${publicUrl}/api/unsubscribe?token=${encodeURIComponent(unsubscribe.token)}`
    : null;
  const kindName = unsubscribe ? m.kindNames[unsubscribe.kind] : null;
  const bodyText = sections.length > 0 ? digestText(sections) : rendered.body;
  const footerText =
    kindName && page ? `\n\n--\n${m.emailFooter(kindName)}\n${m.unsubscribe(kindName)}: ${page}` : '';
  const text = `${rendered.title}\n\n${bodyText}\n\n${m.openHearth}: ${open}${footerText}\n`;
  const bodyHtml =
    sections.length > 0
      ? sections
          .map(
            (s) =>
              `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(s.heading)}</h2><ul style="margin:0;padding-left:20px">${s.lines
                .map((l) => `<li>${escapeHtml(l)}</li>`)
                .join('')}</ul>`,
          )
          .join('')
      : `<p style="margin:0 0 16px">${escapeHtml(rendered.body)}</p>`;
  const footerHtml =
    kindName && page
      ? `<p style="color:#7a6a5c;font-size:12px;margin-top:28px">${escapeHtml(m.emailFooter(kindName))}<br><a href="${escapeHtml(page)}" style="color:#a4532d">${escapeHtml(m.unsubscribe(kindName))}</a></p>`
      : '';
  const html = `<!doctype html><html><body style="margin:0;background:#fbf6ef;font-family:system-ui,sans-serif;color:#3b2f26"><div style="max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;margin:0 0 12px;overflow-wrap:anywhere">${escapeHtml(
    rendered.title,
  )}</h1>${bodyHtml}<p style="margin:20px 0"><a href="${escapeHtml(open)}" style="background:#c2683a;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(
    m.openHearth,
  )}</a></p>${footerHtml}</div></body></html>`;
  return {
    to: input.to,
    subject: rendered.title,
    text,
    html,
    messageId: input.messageId,
    unsubscribeUrl: oneClick,
  };
}

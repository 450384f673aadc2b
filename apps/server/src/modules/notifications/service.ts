import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  DEVICE_LABEL_MAX,
  ErrorCode,
  type NotificationActionInput,
  type NotificationActionResult,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationTestResult,
  type PushSubscription,
  type PushSubscriptionInput,
  type PushSubscriptionRenewInput,
  SNOOZE_MINUTES,
  type UnsubscribeResult,
} from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationsConfig } from '../../config.js';
import type { Identity } from '../../core/identity.js';
import type { LiveHub } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import type { ModuleActions } from '../../core/module.js';
import { AppError, conflict, notFound, validationError } from '../../lib/errors.js';
import { checkOutboundUrl, type OutboundPolicy, type Resolver } from '../../lib/outbound/index.js';
import { optionalText } from '../../lib/text.js';
import { standingReminders } from '../reminders/index.js';
import { openTasks } from '../tasks/index.js';
import { composeEmail, Dispatcher, type DispatcherDeps } from './dispatcher.js';
import { Mailer } from './mail.js';
import { messages, render } from './messages.js';
import { Planner, reminderItem } from './planner.js';
import { PushSender } from './push.js';
import type { NotificationsRepository } from './repository.js';
import { loadSecrets } from './secrets.js';
import { applyInput, toSettings } from './settings.js';
import type { PushSubscriptionRow } from './tables.js';
import { LinkSigner, linkInvalid } from './tokens.js';

/** What the service builds once the database's secrets are read. */
export interface Runtime {
  push: PushSender;
  mailer: Mailer | null;
  signer: LinkSigner;
  planner: Planner;
  dispatcher: Dispatcher;
}

export interface NotificationsServiceOptions {
  config: NotificationsConfig;
  /** The outbound guard's setting (loopback allowed only in tests). */
  outbound: { allowLoopback: boolean };
  publicUrl: string;
  log: FastifyBaseLogger;
  clock?: () => Date;
  /** Stands in for DNS when checking push endpoints (tests). */
  resolve?: Resolver;
  /** Counts each delivery's outcome (metrics). */
  count?: DispatcherDeps['count'];
  /** The tasks module's done call, for a notification's Done button (absent: the button answers 503). */
  markTaskDone?: ModuleActions['markTaskDone'];
}

const DEVICE_LABEL_DEFAULT = 'This device';

function toSubscription(row: PushSubscriptionRow): PushSubscription {
  return {
    push_subscription_id: row.push_subscription_id,
    device_label: row.device_label,
    created_at: row.created_at,
  };
}

/** Whether two base64url auth secrets are the same, compared in constant time. */
function sameSecret(given: string, kept: string): boolean {
  const a = Buffer.from(given, 'base64url');
  const b = Buffer.from(kept, 'base64url');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** base64url of exactly `bytes` bytes, or a 400 naming the field. */
function checkKey(field: string, value: string, bytes: number): string {
  const ok = /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64url').length === bytes;
  if (!ok) throw validationError(field, `${field} must be ${bytes} bytes, base64url-encoded.`);
  return value.replace(/=+$/, '');
}

export class NotificationsService {
  private runtimePromise: Promise<Runtime> | null = null;
  private readonly clock: () => Date;
  readonly instance = randomUUID();

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly membership: Membership,
    private readonly live: LiveHub,
    private readonly options: NotificationsServiceOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  private get outboundPolicy(): OutboundPolicy {
    const { outbound, resolve } = this.options;
    return resolve ? { allowLoopback: outbound.allowLoopback, resolve } : outbound;
  }

  get emailEnabled(): boolean {
    return this.options.config.smtpUrl !== null;
  }

  /** Reads (or makes) the secrets once; everything that sends is built from them. */
  runtime(): Promise<Runtime> {
    this.runtimePromise ??= (async () => {
      const { config, publicUrl, log } = this.options;
      const secrets = await loadSecrets(this.repo.db, config);
      const push = new PushSender(secrets.vapid, config.vapidSubject, this.outboundPolicy);
      const mailer = config.smtpUrl ? new Mailer(config.smtpUrl, config.mailFrom) : null;
      const signer = new LinkSigner(secrets.linkKey, this.clock);
      const planner = new Planner(this.repo.db, { engine: this.repo.engine, emailEnabled: mailer !== null });
      const dispatcher = new Dispatcher({
        db: this.repo.db,
        repo: this.repo,
        push,
        mailer,
        signer,
        planner,
        publicUrl,
        instance: this.instance,
        log,
        ...(this.options.count ? { count: this.options.count } : {}),
      });
      return { push, mailer, signer, planner, dispatcher };
    })();
    this.runtimePromise.catch(() => {
      this.runtimePromise = null;
    });
    return this.runtimePromise;
  }

  async close(): Promise<void> {
    if (!this.runtimePromise) return;
    const runtime = await this.runtimePromise.catch(() => null);
    runtime?.mailer?.close();
  }

  private publish(userId: number, entity: string, action: 'created' | 'updated' | 'deleted', id: number) {
    return this.live.publishToUser(userId, { kind: 'notifications', entity, action, id, actor_id: userId });
  }

  // Settings

  async settings(identity: Identity): Promise<NotificationSettings> {
    const user = await this.membership.profile(identity);
    return toSettings(await this.repo.preferences(user.user_id), this.emailEnabled);
  }

  async saveSettings(identity: Identity, input: NotificationSettingsInput): Promise<NotificationSettings> {
    const user = await this.membership.profile(identity);
    const next = applyInput(await this.repo.preferences(user.user_id), input);
    await this.repo.savePreferences(user.user_id, next, this.clock());
    await this.publish(user.user_id, 'notification_settings', 'updated', user.user_id);
    return toSettings(next, this.emailEnabled);
  }

  // Devices

  async publicKey(): Promise<string> {
    return (await this.runtime()).push.publicKey;
  }

  async devices(identity: Identity): Promise<PushSubscription[]> {
    const user = await this.membership.profile(identity);
    return (await this.repo.devices(user.user_id)).map(toSubscription);
  }

  /** A subscription's endpoint and keys, checked (keys' lengths, the endpoint guard). */
  private async checkSubscription(input: { endpoint: string; keys: { p256dh: string; auth: string } }) {
    const p256dh = checkKey('keys.p256dh', input.keys.p256dh, 65);
    const auth = checkKey('keys.auth', input.keys.auth, 16);
    if (Buffer.from(p256dh, 'base64url')[0] !== 4) {
      throw validationError('keys.p256dh', 'keys.p256dh must be an uncompressed P-256 public key.');
    }
    const url = await checkOutboundUrl(input.endpoint, 'endpoint', this.outboundPolicy);
    return { url, p256dh, auth };
  }

  /**
   * Adds the caller's device. An endpoint already registered by someone else stays theirs (409) unless the
   * request carries that subscription's own auth secret: then it is the same browser, now used by the caller.
   */
  async addDevice(identity: Identity, input: PushSubscriptionInput): Promise<PushSubscription> {
    const user = await this.membership.profile(identity);
    const { url, p256dh, auth } = await this.checkSubscription(input);
    const label = optionalText(input.device_label, 'device_label', DEVICE_LABEL_MAX) ?? DEVICE_LABEL_DEFAULT;
    const row = await this.repo.saveDevice(
      user.user_id,
      { endpoint: url.href, p256dh, auth, device_label: label },
      this.clock(),
      (existing) => sameSecret(auth, existing.auth),
    );
    if (row === 'taken') {
      throw conflict(
        ErrorCode.pushEndpointTaken,
        'endpoint is registered by someone else; only that subscription itself can move it.',
        'endpoint',
      );
    }
    await this.publish(user.user_id, 'push_subscription', 'created', row.push_subscription_id);
    return toSubscription(row);
  }

  /** The browser replaced a device's subscription; the old one's auth secret proves it is that device. */
  async renewDevice(input: PushSubscriptionRenewInput): Promise<void> {
    let oldEndpoint: string;
    try {
      oldEndpoint = new URL(input.old_endpoint).href;
    } catch {
      throw notFound('Device');
    }
    const row = await this.repo.deviceByEndpoint(oldEndpoint);
    if (!row || !sameSecret(input.old_auth, row.auth)) throw notFound('Device');
    const { url, p256dh, auth } = await this.checkSubscription(input);
    await this.repo.renewDevice(row.push_subscription_id, { endpoint: url.href, p256dh, auth });
    await this.publish(row.user_id, 'push_subscription', 'updated', row.push_subscription_id);
  }

  async removeDevice(identity: Identity, id: number): Promise<void> {
    const user = await this.membership.profile(identity);
    if (!(await this.repo.removeDevice(user.user_id, id))) throw notFound('Device');
    await this.publish(user.user_id, 'push_subscription', 'deleted', id);
  }

  /** Sends a test at once to each of the caller's devices and to their email (when the server has SMTP). */
  async sendTest(identity: Identity): Promise<NotificationTestResult> {
    const user = await this.membership.profile(identity);
    const runtime = await this.runtime();
    const m = messages(user.language);
    const rendered = render(m, { text: 'test', name: '' });
    const now = this.clock();
    const id = `test-${now.getTime()}`;
    let pushSent = 0;
    let pushFailed = 0;
    for (const device of await this.repo.devices(user.user_id)) {
      const result = await runtime.push.send(
        device,
        {
          delivery_id: id,
          kind: 'test',
          title: rendered.title,
          body: rendered.body,
          url: rendered.url,
          tag: 'test',
          actions: [],
          due_at: now.toISOString(),
        },
        'test',
      );
      if (result.ok) pushSent++;
      else {
        pushFailed++;
        if (result.gone) await this.repo.forgetDevice(device.push_subscription_id);
      }
    }
    let email: NotificationTestResult['email'] = 'off';
    if (runtime.mailer) {
      const result = await runtime.mailer.send(
        composeEmail({
          m,
          to: user.email,
          rendered,
          sections: [],
          messageId: `<${id}.${user.user_id}@${new URL(this.options.publicUrl).hostname}>`,
          publicUrl: this.options.publicUrl,
          unsubscribe: null,
        }),
      );
      email = result.ok ? 'sent' : 'failed';
    }
    return { push_sent: pushSent, push_failed: pushFailed, email };
  }

  // Signed links: no access token, the token is the credential.

  async unsubscribe(token: string | undefined): Promise<UnsubscribeResult> {
    if (!token) throw linkInvalid();
    const { signer } = await this.runtime();
    const claims = await signer.readUnsubscribe(token);
    const current = await this.repo.preferences(claims.userId);
    const next = {
      ...current,
      channels: {
        ...current.channels,
        [claims.kind]: current.channels[claims.kind].filter((c) => c !== 'email'),
      },
    };
    const [person] = await this.repo.recipients([claims.userId]);
    if (!person || person.deleted) throw linkInvalid();
    await this.repo.savePreferences(claims.userId, next, this.clock());
    await this.publish(claims.userId, 'notification_settings', 'updated', claims.userId);
    return { kind: claims.kind };
  }

  async act(input: NotificationActionInput): Promise<NotificationActionResult> {
    const { signer, planner } = await this.runtime();
    const claims = await signer.readAction(input.action_token, input.action);
    const [person] = await this.repo.recipients([claims.userId]);
    if (!person || person.deleted) throw linkInvalid();
    if (claims.action === 'snooze') {
      const standing = await standingReminders(this.repo.db, [
        { reminder_id: claims.sourceId, owner_id: claims.userId, due_at: claims.dueAt, anyTime: true },
      ]);
      if (standing.size === 0) throw notFound('Reminder');
      const reminder = await this.repo.db
        .selectFrom('reminders')
        .select(['reminder_id', 'owner_id', 'title', 'description'])
        .where('reminder_id', '=', claims.sourceId)
        .executeTakeFirstOrThrow();
      const now = this.clock();
      const until = new Date(Math.ceil((now.getTime() + SNOOZE_MINUTES * 60_000) / 1000) * 1000);
      const item = reminderItem({ ...reminder, due_at: until.toISOString() });
      await planner.planItems(this.repo, [{ ...item, details: { ...item.details, snoozed: true } }], now);
      return { action: 'snooze', snoozed_until: until.toISOString() };
    }
    const [task] = await openTasks(this.repo.db, [claims.sourceId]);
    if (!task || Date.parse(task.due_at) !== Date.parse(claims.dueAt)) {
      throw conflict(
        'task_moved_on',
        'This task was done or changed since the notification. Open Hearth to see it.',
      );
    }
    const markDone = this.options.markTaskDone;
    if (!markDone) throw new AppError(503, 'unavailable', 'Tasks are not available right now.');
    await markDone({ issuer: person.issuer, subject: person.subject, email: null, claims: {} }, task.task_id);
    return { action: 'done' };
  }
}

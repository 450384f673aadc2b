import {
  HOUSE_EVENT_TYPES,
  type HouseEventType,
  type NewWebhook,
  WEBHOOK_DELIVERY_LOG_SIZE,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOKS_PER_HOUSE_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookUpdate,
} from '@hearth/contract';
import type { Identity } from '../../core/identity.js';
import type { Membership } from '../../core/membership.js';
import { conflict, houseRequired, notFound, validationError } from '../../lib/errors.js';
import { checkOutboundUrl, type OutboundPolicy } from '../../lib/outbound/index.js';
import { optionalText } from '../../lib/text.js';
import { eventBody, storedEvents } from './outbox.js';
import type { WebhookChanges, WebhooksRepository } from './repository.js';
import { newMessageId, newWebhookSecret } from './signing.js';
import type { WebhookDeliveryRow, WebhookRow } from './tables.js';

const needHouse = () => houseRequired('You need to join a house before adding webhooks.');
const webhookNotFound = () => notFound('Webhook');
const KNOWN = new Set<string>(HOUSE_EVENT_TYPES);

export function toWebhook(row: WebhookRow): Webhook {
  return {
    webhook_id: row.webhook_id,
    url: row.url,
    events: storedEvents(row.events),
    description: row.description,
    enabled: row.enabled === 1,
    created_by: row.created_by,
    created_at: row.created_at,
    disabled_reason: row.disabled_reason === 'failing' ? 'failing' : null,
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    delivery_id: row.message_id,
    event: row.event_type,
    created_at: row.created_at,
    status: row.status,
    status_code: row.status_code,
    attempts: row.attempts,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.status === 'pending' ? row.send_at : null,
    last_error: row.last_error,
  };
}

/** The event types asked for: at least one, each known, each once. */
function checkEvents(events: readonly string[]): HouseEventType[] {
  if (events.length === 0) throw validationError('events', 'events must name at least one event type.');
  const unknown = events.find((e) => !KNOWN.has(e));
  if (unknown !== undefined)
    throw validationError('events', `events names an unknown event type: ${unknown}.`);
  return [...new Set(events)] as HouseEventType[];
}

/**
 * A house's webhooks: any member manages them, nobody else sees them (404). The URL passes the outbound
 * guard when it is given (https, a public address), and again on every delivery.
 */
export class WebhooksService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly membership: Membership,
    private readonly outbound: OutboundPolicy,
  ) {}

  private member(identity: Identity) {
    return this.membership.house(identity, needHouse);
  }

  private async own(identity: Identity, webhookId: number) {
    const { user, houseId } = await this.member(identity);
    const hook = await this.repo.inHouse(webhookId, houseId);
    if (!hook) throw webhookNotFound();
    return { user, houseId, hook };
  }

  private async checkUrl(raw: string): Promise<string> {
    const text = raw.trim();
    if (text === '') throw validationError('url', 'url must not be empty.');
    if (!/^https?:\/\//i.test(text)) throw validationError('url', 'url must be an https URL.');
    return (await checkOutboundUrl(text, 'url', this.outbound)).href;
  }

  async list(identity: Identity): Promise<Webhook[]> {
    const { houseId } = await this.member(identity);
    return (await this.repo.listInHouse(houseId)).map(toWebhook);
  }

  async create(identity: Identity, input: WebhookInput): Promise<NewWebhook> {
    const { user, houseId } = await this.member(identity);
    const url = await this.checkUrl(input.url);
    const events = checkEvents(input.events);
    const description = optionalText(input.description, 'description', WEBHOOK_DESCRIPTION_MAX) ?? '';
    if ((await this.repo.countInHouse(houseId)) >= WEBHOOKS_PER_HOUSE_MAX) {
      throw conflict('too_many_webhooks', `A house may have at most ${WEBHOOKS_PER_HOUSE_MAX} webhooks.`);
    }
    const now = new Date().toISOString();
    const row = await this.repo.insert({
      house_id: houseId,
      url,
      events: JSON.stringify(events),
      description,
      secret: newWebhookSecret(),
      enabled: 1,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
      created_by: user.user_id,
      created_at: now,
      updated_at: now,
    });
    const { disabled_reason: _reason, ...shown } = toWebhook(row);
    return { ...shown, secret: row.secret };
  }

  async update(identity: Identity, webhookId: number, input: WebhookUpdate): Promise<Webhook> {
    const { houseId, hook } = await this.own(identity, webhookId);
    const changes: WebhookChanges = {};
    if (input.url !== undefined) changes.url = await this.checkUrl(input.url);
    if (input.events !== undefined) changes.events = JSON.stringify(checkEvents(input.events));
    if (input.description !== undefined) {
      changes.description = optionalText(input.description, 'description', WEBHOOK_DESCRIPTION_MAX) ?? '';
    }
    if (input.enabled !== undefined) {
      changes.enabled = input.enabled ? 1 : 0;
      // Switched on again by a person: it starts afresh; switched off by one: not Hearth's doing.
      changes.disabled_reason = null;
      changes.disabled_at = null;
      if (input.enabled && hook.enabled !== 1) changes.failing_since = null;
    }
    if (Object.keys(changes).length === 0) {
      throw validationError('url', 'Send url, events, description or enabled: there is nothing to change.');
    }
    if (!(await this.repo.update(webhookId, houseId, changes, new Date().toISOString()))) {
      throw webhookNotFound();
    }
    const row = await this.repo.inHouse(webhookId, houseId);
    if (!row) throw webhookNotFound();
    return toWebhook(row);
  }

  async remove(identity: Identity, webhookId: number): Promise<void> {
    const { houseId } = await this.member(identity);
    if (!(await this.repo.remove(webhookId, houseId))) throw webhookNotFound();
  }

  /** Queues a `ping` to this webhook alone (sent by the scheduler, like every delivery). */
  async test(identity: Identity, webhookId: number): Promise<WebhookDelivery> {
    const { user, houseId, hook } = await this.own(identity, webhookId);
    if (hook.enabled !== 1) {
      throw conflict('webhook_disabled', 'Switch the webhook on before sending a test.');
    }
    const at = new Date();
    const row = {
      house_id: houseId,
      webhook_id: webhookId,
      message_id: newMessageId(),
      event_type: 'ping',
      payload: eventBody(houseId, user, 'ping', { webhook_id: webhookId }, at),
      status: 'pending' as const,
      status_code: null,
      last_error: null,
      created_at: at.toISOString(),
      send_at: at.toISOString(),
      last_attempt_at: null,
      claimed_by: null,
      claimed_until: null,
    };
    await this.repo.addDeliveries([row]);
    return toDelivery({ ...row, delivery_id: 0, attempts: 0 });
  }

  async deliveries(identity: Identity, webhookId: number): Promise<WebhookDelivery[]> {
    const { hook } = await this.own(identity, webhookId);
    return (await this.repo.latestDeliveries(hook.webhook_id, WEBHOOK_DELIVERY_LOG_SIZE)).map(toDelivery);
  }
}

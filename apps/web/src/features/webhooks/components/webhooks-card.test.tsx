import type { Webhook, WebhookDelivery } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { WebhooksCard } from './webhooks-card';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA==';

/** A stand-in for the webhook API that keeps what is made, as the server does. */
function server(initial: Webhook[] = [], options: { refuseUrl?: string } = {}) {
  let stored = [...initial];
  const deliveries = new Map<number, WebhookDelivery[]>();
  let next = 10;
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/webhook/' && method === 'GET') return json(200, stored);
      if (url.pathname === '/api/webhook/' && method === 'POST') {
        if (options.refuseUrl && body.url === options.refuseUrl) {
          return json(400, {
            error: {
              code: 'validation_failed',
              field: 'url',
              message: 'url must be a public address, not a local or private one.',
            },
          });
        }
        const made: Webhook = {
          webhook_id: next++,
          url: body.url,
          events: body.events,
          description: body.description,
          enabled: true,
          created_by: 1,
          created_at: '2026-11-28T10:00:00Z',
          disabled_reason: null,
        };
        stored = [...stored, made];
        const { disabled_reason: _r, ...shown } = made;
        return json(201, { ...shown, secret: SECRET });
      }
      const one = /^\/api\/webhook\/(\d+)(\/test|\/deliveries)?$/.exec(url.pathname);
      if (one) {
        const id = Number(one[1]);
        if (one[2] === '/deliveries') return json(200, deliveries.get(id) ?? []);
        if (one[2] === '/test') {
          const d: WebhookDelivery = {
            delivery_id: 'msg_abc',
            event: 'ping',
            created_at: '2026-11-28T10:01:00Z',
            status: 'delivered',
            status_code: 200,
            attempts: 1,
            last_attempt_at: '2026-11-28T10:01:01Z',
            next_attempt_at: null,
            last_error: null,
          };
          deliveries.set(id, [d]);
          return json(202, { ...d, status: 'pending', attempts: 0, status_code: null });
        }
        if (method === 'PUT') {
          stored = stored.map((w) => (w.webhook_id === id ? { ...w, ...body } : w));
          return json(
            200,
            stored.find((w) => w.webhook_id === id),
          );
        }
        if (method === 'DELETE') {
          stored = stored.filter((w) => w.webhook_id !== id);
          return json(200, { ok: true });
        }
      }
      throw new Error(`Unexpected fetch: ${method} ${url.pathname}`);
    }),
  );
  return { calls };
}

const hook = (overrides: Partial<Webhook> = {}): Webhook => ({
  webhook_id: 1,
  url: 'https://ntfy.sh/our-flat',
  events: ['task.done', 'expense.created'],
  description: 'Phone alerts',
  enabled: true,
  created_by: 1,
  created_at: '2026-11-20T10:00:00Z',
  disabled_reason: null,
  ...overrides,
});

describe('WebhooksCard', () => {
  it('says when there are none yet', async () => {
    server();
    renderAt(<WebhooksCard />, '/house');
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it('adds a webhook with chosen events and shows its secret once, with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = server();
    renderAt(<WebhooksCard />, '/house');
    await screen.findByText('No webhooks yet.');

    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen: refused before anything is sent.
    await user.type(within(dialog).getByLabelText(/^URL/), 'https://chat.example/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Choose at least one event.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Description'), 'House chat');
    await user.click(within(dialog).getByLabelText('Task done'));
    await user.click(within(dialog).getByLabelText('Expense added'));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://chat.example/hook',
      description: 'House chat',
      events: ['task.done', 'expense.created'],
    });
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('House chat')).toBeInTheDocument();
    expect(screen.getByText('Events: Task done, Expense added')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
  });

  it("shows the server's refusal at the URL field", async () => {
    const user = userEvent.setup();
    server([], { refuseUrl: 'https://192.168.1.2/hook' });
    renderAt(<WebhooksCard />, '/house');
    await screen.findByText('No webhooks yet.');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^URL/), 'https://192.168.1.2/hook');
    await user.click(within(dialog).getByLabelText('Task done'));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(dialog).findByText('url must be a public address, not a local or private one.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^URL/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a test and shows the delivery in the log', async () => {
    const user = userEvent.setup();
    server([hook()]);
    renderAt(<WebhooksCard />, '/house');
    await user.click(await screen.findByRole('button', { name: 'Send a test to Phone alerts' }));
    expect(
      await screen.findByText('Test sent. It shows in the delivery log in a moment.'),
    ).toBeInTheDocument();
    const entry = await screen.findByTestId('webhook-delivery');
    expect(entry).toHaveTextContent('Test');
    expect(entry).toHaveTextContent('Delivered');
    expect(entry).toHaveTextContent('HTTP 200');
    expect(entry).toHaveTextContent('1 try');
  });

  it('switches a webhook off and on, and deletes it after asking', async () => {
    const user = userEvent.setup();
    const api = server([hook()]);
    renderAt(<WebhooksCard />, '/house');
    await user.click(await screen.findByRole('button', { name: 'Switch off Phone alerts' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: false });
    expect(screen.getByRole('button', { name: 'Send a test to Phone alerts' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Switch on Phone alerts' }));
    expect(await screen.findByText('On')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Phone alerts' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('No webhooks yet.')).toBeInTheDocument());
  });

  it('says when Hearth switched one off because it kept failing, with a long URL wrapping', async () => {
    server([
      hook({
        enabled: false,
        disabled_reason: 'failing',
        url: `https://example.com/${'very-long-path-'.repeat(20)}`,
        description: '',
      }),
    ]);
    renderAt(<WebhooksCard />, '/house');
    expect(await screen.findByText('Switched off: it kept failing for 3 days')).toBeInTheDocument();
    expect(screen.getByText(/very-long-path-very-long-path/)).toHaveClass('break-all');
  });
});

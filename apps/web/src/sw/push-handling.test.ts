import { describe, expect, it } from 'vitest';
import { actionRequest, renewRequest } from './push-action';
import { parsePushMessage, pickWindow, planClick, safePath, toNotification } from './push-handling';

const taskPush = {
  delivery_id: 'd-42',
  kind: 'tasks',
  title: 'Take the bins out',
  body: 'Due today at 19:00',
  url: '/tasks',
  tag: 'task-7-2026-11-23',
  actions: [{ action: 'done', title: 'Done' }],
  action_token: 'signed.token.value',
  action_failed: { title: 'Hearth konnte das nicht erledigen', body: 'Öffne Hearth, um es dort zu tun.' },
  due_at: '2026-11-23T18:00:00.000Z',
};
const failureDe = { title: 'Hearth konnte das nicht erledigen', body: 'Öffne Hearth, um es dort zu tun.' };

describe('a push becomes a notification', () => {
  it('shows the title, body, tag, time and the Done button, and keeps what a click needs', () => {
    const shown = toNotification(parsePushMessage(JSON.stringify(taskPush)));
    expect(shown).toEqual({
      title: 'Take the bins out',
      options: {
        body: 'Due today at 19:00',
        tag: 'task-7-2026-11-23',
        timestamp: Date.parse('2026-11-23T18:00:00.000Z'),
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        actions: [{ action: 'done', title: 'Done' }],
        data: {
          url: '/tasks',
          action_token: 'signed.token.value',
          actions: ['done'],
          failure: failureDe,
        },
      },
    });
  });

  it('drops buttons when there is no token to make them work', () => {
    const { action_token: _, ...noToken } = taskPush;
    const shown = toNotification(parsePushMessage(JSON.stringify(noToken)));
    expect(shown.options.actions).toEqual([]);
    expect(shown.options.data).toEqual({ url: '/tasks', actions: [], failure: failureDe });
  });

  it('keeps no more buttons than the browser shows', () => {
    const many = {
      ...taskPush,
      actions: [...taskPush.actions, { action: 'snooze', title: 'Snooze 10 min' }],
    };
    expect(toNotification(parsePushMessage(JSON.stringify(many)), 1).options.data.actions).toEqual(['done']);
  });

  it('still shows something for an empty, plain-text or malformed push', () => {
    expect(parsePushMessage(undefined)).toMatchObject({ title: 'Hearth', url: '/home', actions: [] });
    expect(parsePushMessage('Bins tonight')).toMatchObject({ title: 'Hearth', body: 'Bins tonight' });
    expect(parsePushMessage('[1,2]')).toMatchObject({ title: 'Hearth', url: '/home' });
    expect(parsePushMessage(JSON.stringify({ title: 42, url: 'https://evil.example/' }))).toMatchObject({
      title: 'Hearth',
      url: '/home',
    });
  });

  it('opens only paths of this app', () => {
    expect(safePath('/reminders')).toBe('/reminders');
    expect(safePath('//evil.example/x')).toBe('/home');
    expect(safePath('/\\evil.example')).toBe('/home');
    expect(safePath('javascript:alert(1)')).toBe('/home');
    expect(safePath(undefined)).toBe('/home');
  });
});

describe('a click on the notification', () => {
  const data = toNotification(parsePushMessage(JSON.stringify(taskPush))).options.data;

  it('a button calls the server with the token; a tap opens the page', () => {
    expect(planClick(data, 'done')).toEqual({
      kind: 'action',
      action: 'done',
      token: 'signed.token.value',
      url: '/tasks',
      failure: failureDe,
    });
    expect(planClick(data, '')).toEqual({ kind: 'open', url: '/tasks' });
  });

  it("the failure notice is the push's own words, else English", () => {
    const { action_failed: _, ...older } = taskPush;
    const olderData = toNotification(parsePushMessage(JSON.stringify(older))).options.data;
    expect(planClick(olderData, 'done')).toMatchObject({
      failure: { title: "Hearth couldn't do that", body: 'Open Hearth to do it there.' },
    });
  });

  it('a button the notification did not offer, or no data, opens the page', () => {
    expect(planClick(data, 'snooze')).toEqual({ kind: 'open', url: '/tasks' });
    expect(planClick(null, 'done')).toEqual({ kind: 'open', url: '/home' });
  });

  it('the action call posts the token and action as JSON, without cookies or a bearer token', () => {
    const { path, init } = actionRequest('signed.token.value', 'snooze');
    expect(path).toBe('/api/notification-action');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(JSON.parse(init.body as string)).toEqual({ action_token: 'signed.token.value', action: 'snooze' });
    expect(() => actionRequest('t', 'delete')).toThrow(/Unknown notification action/);
  });

  it('focuses a window already on the page, else navigates another of ours, else opens one', () => {
    const origin = 'https://hearth.example';
    const onTasks = { url: `${origin}/tasks`, id: 1 };
    const onHome = { url: `${origin}/home`, id: 2 };
    const elsewhere = { url: 'https://other.example/tasks', id: 3 };
    expect(pickWindow([onHome, onTasks], origin, '/tasks')).toEqual({ window: onTasks, navigate: false });
    expect(pickWindow([elsewhere, onHome], origin, '/tasks')).toEqual({ window: onHome, navigate: true });
    expect(pickWindow([elsewhere], origin, '/tasks')).toBeNull();
  });
});

describe('the browser replaced the subscription', () => {
  const old = { endpoint: 'https://push.example/old', keys: { p256dh: 'P-old', auth: 'A-old' } };
  const fresh = { endpoint: 'https://push.example/new', keys: { p256dh: 'P-new', auth: 'A-new' } };

  it('posts the old endpoint and auth secret with the new subscription, without cookies', () => {
    const request = renewRequest(old, fresh);
    expect(request?.path).toBe('/api/push-subscription/renew');
    expect(request?.init.credentials).toBe('omit');
    expect(JSON.parse(request?.init.body as string)).toEqual({
      old_endpoint: 'https://push.example/old',
      old_auth: 'A-old',
      endpoint: 'https://push.example/new',
      keys: { p256dh: 'P-new', auth: 'A-new' },
    });
  });

  it('asks nothing when a subscription lacks its endpoint or keys', () => {
    expect(renewRequest({ endpoint: old.endpoint }, fresh)).toBeNull();
    expect(renewRequest(old, { endpoint: fresh.endpoint, keys: { p256dh: 'P' } })).toBeNull();
  });
});

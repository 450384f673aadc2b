import type { NotificationSettings } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { formFieldOf, toFormValues, toSettingsInput, validateSettings } from './settings-form';
import { testResultParts } from './test-result';
import { kindOfToken } from './unsubscribe-token';

const settings: NotificationSettings = {
  time_zone: 'Europe/Berlin',
  channels: { reminders: ['push', 'email'], tasks: ['push'], bills: ['email'], house: [] },
  quiet_hours: { start: '22:00', end: '07:00' },
  digest_time: null,
  email_enabled: true,
};

describe('settings form values', () => {
  it('round-trip: what the server has is what the form sends back', () => {
    expect(toSettingsInput(toFormValues(settings))).toEqual({
      time_zone: 'Europe/Berlin',
      channels: settings.channels,
      quiet_hours: { start: '22:00', end: '07:00' },
      digest_time: null,
    });
  });

  it('switching quiet hours off sends null; a switched-off digest starts from 08:00 when switched on', () => {
    const values = toFormValues(settings);
    expect(values.digest_time).toBe('08:00');
    expect(toSettingsInput({ ...values, quiet_enabled: false }).quiet_hours).toBeNull();
    expect(toSettingsInput({ ...values, digest_enabled: true }).digest_time).toBe('08:00');
  });

  it('checks times before sending', () => {
    const values = toFormValues(settings);
    expect(validateSettings(values)).toBeNull();
    expect(validateSettings({ ...values, quiet_hours: { start: '7:00', end: '08:00' } })).toEqual({
      field: 'quiet_hours.start',
      error: 'quietStart',
    });
    expect(validateSettings({ ...values, quiet_hours: { start: '07:00', end: '24:00' } })).toEqual({
      field: 'quiet_hours.end',
      error: 'quietEnd',
    });
    expect(validateSettings({ ...values, quiet_hours: { start: '07:00', end: '07:00' } })?.error).toBe(
      'quietSame',
    );
    // Times of a switched-off part do not matter.
    expect(
      validateSettings({ ...values, quiet_enabled: false, quiet_hours: { start: '', end: '' } }),
    ).toBeNull();
    expect(validateSettings({ ...values, digest_enabled: true, digest_time: '' })?.field).toBe('digest_time');
    expect(validateSettings({ ...values, time_zone: '' })?.field).toBe('time_zone');
  });

  it("maps the server's field names to the form's", () => {
    expect(formFieldOf('quiet_hours.end')).toBe('quiet_hours.end');
    expect(formFieldOf('quiet_hours')).toBe('quiet_hours.start');
    expect(formFieldOf('digest_time')).toBe('digest_time');
    expect(formFieldOf('channels.bills')).toBe('channels.bills.push');
    expect(formFieldOf('channels.bills.1')).toBe('channels.bills.push');
    expect(formFieldOf('channels.pets')).toBeUndefined();
    expect(formFieldOf('email_enabled')).toBeUndefined();
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});

describe('test result', () => {
  it('names each channel it went to, or that there was none', () => {
    expect(testResultParts({ push_sent: 2, push_failed: 1, email: 'failed' })).toEqual([
      { key: 'pushSent', count: 2 },
      { key: 'pushFailed', count: 1 },
      { key: 'emailFailed' },
    ]);
    expect(testResultParts({ push_sent: 0, push_failed: 0, email: 'off' })).toEqual([{ key: 'nowhere' }]);
  });
});

describe('kindOfToken', () => {
  const token = (payload: unknown) =>
    `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
  it('reads the kind of a well-formed token and nothing else', () => {
    expect(kindOfToken(token({ kind: 'house' }))).toBe('house');
    expect(kindOfToken(token({ kind: 'pets' }))).toBeNull();
    expect(kindOfToken('garbage')).toBeNull();
    expect(kindOfToken('a.%%%.c')).toBeNull();
  });
});

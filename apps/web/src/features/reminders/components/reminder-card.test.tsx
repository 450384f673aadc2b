import type { Reminder } from '@hearth/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { ReminderCard } from './reminder-card';

const bins: Reminder = {
  reminder_id: 1,
  title: 'Müll',
  description: null,
  remind_time: '2026-11-23T07:00:00.000Z',
  repeat_interval: 'Weekly',
  time_zone: 'Europe/Berlin',
  next_remind_time: '2026-11-30T07:00:00.000Z',
};

afterEach(async () => {
  await switchLanguage('en');
});

describe('ReminderCard in German', () => {
  it('names the repeat and asks before deleting in German, Cancel included', async () => {
    await switchLanguage('de');
    const user = userEvent.setup();
    render(
      <ReminderCard
        reminder={bins}
        now={Date.parse('2026-11-28T12:00:00Z')}
        onEdit={() => {}}
        onDelete={async () => {}}
      />,
    );
    expect(screen.getByText('Wöchentlich')).toBeInTheDocument();
    expect(screen.queryByText('Weekly')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Erinnerung Müll löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      '„Müll“ wird mit allen Wiederholungen gelöscht. Das lässt sich nicht rückgängig machen.',
    );
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/Cancel|repeats/);
  });
});

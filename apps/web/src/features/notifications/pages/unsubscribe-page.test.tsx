import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { UnsubscribePage } from './unsubscribe-page';

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.unstubAllGlobals());

/** A token shaped like the server's (header.payload.signature); only the payload's kind is read here. */
const tokenFor = (kind: string) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ kind, sub: '7', exp: 9_999_999_999 })).replace(/=+$/, '')}.c2ln`;

const open = (token?: string) =>
  renderAt(
    <UnsubscribePage />,
    token === undefined ? '/unsubscribe' : `/unsubscribe?token=${token}`,
    '/unsubscribe',
  );

describe('UnsubscribePage', () => {
  it('says what will be turned off, changes nothing until asked, then turns it off', async () => {
    const user = userEvent.setup();
    const token = tokenFor('bills');
    const { calls } = mockFetch({ 'POST /api/unsubscribe': { body: { kind: 'bills' } } });
    open(token);
    expect(screen.getByRole('heading', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(screen.getByText('Stop emails about bills and payments?')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText("You won't get emails about bills and payments any more.")).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
  });

  it('a tampered or expired link says so and that nothing changed', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/unsubscribe': apiError(
        400,
        'link_invalid',
        'This link is not valid or has expired.',
        'token',
      ),
    });
    open(`${tokenFor('reminders')}x`);
    expect(screen.getByText('Stop emails about reminders?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid or has expired. Nothing was changed.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('a link it cannot read still offers the button in general words', () => {
    mockFetch({});
    open('not-a-token');
    expect(screen.getByText('Stop emails about this kind of notification?')).toBeInTheDocument();
  });

  it('no connection: says nothing changed and lets the person try again', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/unsubscribe': () => Promise.reject(new TypeError('Failed to fetch')) });
    open(tokenFor('tasks'));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't reach Hearth, so nothing was changed.",
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });

  it('a link without a token says so', () => {
    mockFetch({});
    open();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link has no unsubscribe code. Nothing was changed.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { WaitingChip } from './waiting-chip';

afterEach(async () => {
  await switchLanguage('en');
});

describe('WaitingChip', () => {
  it('marks a change made offline as waiting, in German too', async () => {
    const { unmount } = render(<WaitingChip id="w" />);
    expect(screen.getByText('Waiting to send')).toBeInTheDocument();
    unmount();
    await switchLanguage('de');
    render(<WaitingChip id="w" />);
    expect(screen.getByText('Wartet auf Senden')).toBeInTheDocument();
    expect(screen.queryByText('Waiting to send')).toBeNull();
  });
});

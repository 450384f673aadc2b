import type { BillPerson, PaymentInput } from '@hearth/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { PaymentDialog } from './payment-dialog';

const people: BillPerson[] = [
  { user_id: 1, username: 'ann', first_name: 'Ann', last_name: 'A', in_house: true },
  { user_id: 2, username: 'bob', first_name: 'Bob', last_name: 'B', in_house: true },
];

async function openPayment(currency: string) {
  const onSubmit = vi.fn(async (_input: PaymentInput) => {});
  render(
    <PaymentDialog
      open
      onOpenChange={() => {}}
      draft={{ from: 1, to: 2, amount_minor: null }}
      people={people}
      nameOf={(id) => (id === 1 ? 'Ann' : 'Bob')}
      currency={currency}
      onSubmit={onSubmit}
    />,
  );
  const dialog = await screen.findByRole('dialog');
  return { dialog, onSubmit };
}

afterEach(async () => {
  await switchLanguage('en');
});

describe('the amount field', () => {
  it('shows how the amount will be saved as it is typed, and refuses a decimal too many by name', async () => {
    const user = userEvent.setup();
    const { dialog, onSubmit } = await openPayment('GBP');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (GBP)' });

    await user.type(amount, '12.35');
    expect(amount).toHaveAccessibleDescription('Saved as £12.35');

    await user.type(amount, '6');
    expect(amount).toHaveAccessibleDescription('The amount can have only 2 decimal places in GBP.');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('The amount can have only 2 decimal places in GBP.');
    expect(within(dialog).getAllByText('The amount can have only 2 decimal places in GBP.')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '12,345');
    expect(amount).toHaveAccessibleDescription('Saved as £12,345.00');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ amount_minor: 1_234_500 }));
  });

  it('reads German marks for a German reader and says so in German', async () => {
    await switchLanguage('de');
    const user = userEvent.setup();
    const { dialog, onSubmit } = await openPayment('EUR');
    const amount = within(dialog).getByRole('textbox', { name: 'Betrag (EUR)' });

    await user.type(amount, '1.234,5');
    expect(amount).toHaveAccessibleDescription('Wird gespeichert als 1.234,50\u00a0€');
    await user.clear(amount);
    await user.type(amount, '12.5');
    expect(amount).toHaveAccessibleDescription('Schreib den Betrag als Zahl, etwa 1.234,56.');
    await user.clear(amount);
    await user.type(amount, '12,345');
    expect(amount).toHaveAccessibleDescription('Der Betrag kann in EUR nur 2 Nachkommastellen haben.');
    await user.click(within(dialog).getByRole('button', { name: 'Zahlung eintragen' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('has no decimals to offer in yen', async () => {
    const user = userEvent.setup();
    const { dialog } = await openPayment('JPY');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (JPY)' });
    await user.type(amount, '1,500');
    expect(amount).toHaveAccessibleDescription('Saved as ¥1,500');
    await user.type(amount, '.5');
    expect(amount).toHaveAccessibleDescription('The amount can have no decimal places in JPY.');
  });
});

import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../lib/i18n';
import { ConfirmDialogPanel } from './confirm-dialog-panel';
import { CancelButton, Form, SubmitButton, TextField } from './form';
import { Spinner } from './spinner';

afterEach(async () => {
  await switchLanguage('en');
});

function DialogForm() {
  const form = useForm({ defaultValues: { name: '' } });
  return (
    <Form form={form} variant="dialog" onSubmit={() => undefined} actions={<CancelButton />}>
      <TextField label="Name" name="name" />
      <SubmitButton>OK</SubmitButton>
    </Form>
  );
}

const confirm = (
  <ConfirmDialogPanel
    open
    onOpenChange={() => {}}
    title="Löschen?"
    description="Weg."
    confirmLabel="Löschen"
    onConfirm={() => {}}
    contentId="confirm"
    triggerRef={{ current: null }}
  />
);

describe('the buttons every dialog shares speak the reader’s language', () => {
  it('says Cancel in English', () => {
    render(<DialogForm />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('says Abbrechen in German, in a form dialog and in a confirmation, and the spinner is read in German', async () => {
    await switchLanguage('de');
    const { unmount } = render(<DialogForm />);
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(screen.queryByText('Cancel')).not.toBeInTheDocument();
    unmount();
    render(confirm);
    expect(await screen.findByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen');
  });
});

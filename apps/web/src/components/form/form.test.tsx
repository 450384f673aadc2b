import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { CancelButton, Form, FormDialog, type FormProblem, SubmitButton, TextField } from '.';

interface Values {
  name: string;
}

function NameForm(props: {
  onSubmit: (values: Values) => unknown;
  validate?: (values: Values) => FormProblem | boolean | null;
  onFailure?: (error: unknown) => FormProblem | null;
}) {
  const form = useForm<Values>({ defaultValues: { name: '' } });
  return (
    <Form form={form} {...props} actions={<SubmitButton busyLabel="Saving...">Save</SubmitButton>}>
      <TextField label="Name" name="name" maxLength={20} />
    </Form>
  );
}

/** A promise the test settles when it wants, to look at the busy state. */
function later() {
  let settle!: (error?: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  return { promise, settle };
}

describe('Form', () => {
  it('runs one submit at a time with everything disabled, then shows a failure and keeps the values', async () => {
    const user = userEvent.setup();
    const reply = later();
    const onSubmit = vi.fn(() => reply.promise);
    render(<NameForm onSubmit={onSubmit} onFailure={() => ({ message: 'Could not save.' })} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const busy = screen.getByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Name')).toBeDisabled();
    screen.getByRole('button', { name: 'Saving...' }).closest('form')?.requestSubmit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada' });

    reply.settle(new Error('down'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save.');
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("shows a field's problem at the field, focused, and sends nothing; editing clears it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <NameForm
        onSubmit={onSubmit}
        validate={({ name }) => (name.trim() ? null : { field: 'name', message: 'Name is required.' })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByLabelText('Name');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Name is required.');
    await waitFor(() => expect(field).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field, 'A');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
  });

  it('sends nothing and shows nothing when validate says false', async () => {
    const onSubmit = vi.fn();
    render(<NameForm onSubmit={onSubmit} validate={() => false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes the limit of a field from its props', () => {
    render(<NameForm onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxlength', '20');
  });
});

describe('FormDialog', () => {
  it('cannot be closed while its form is busy', async () => {
    const user = userEvent.setup();
    const reply = later();
    const onOpenChange = vi.fn();
    render(
      <FormDialog
        open
        onOpenChange={onOpenChange}
        title="Add a name"
        description="Names go here."
        closeLabel="Close name form"
      >
        <DialogNameForm onSubmit={() => reply.promise} />
      </FormDialog>,
    );
    // The dialog's Radix code is a chunk of its own, loaded when it opens (slowly on a busy machine).
    expect(
      await screen.findByRole('dialog', { name: 'Add a name' }, { timeout: 10_000 }),
    ).toHaveAccessibleDescription('Names go here.');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('button', { name: 'Close name form' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();

    reply.settle();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled());
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

function DialogNameForm({ onSubmit }: { onSubmit: () => Promise<void> }) {
  const form = useForm<Values>({ defaultValues: { name: '' } });
  return (
    <Form
      form={form}
      variant="dialog"
      onSubmit={onSubmit}
      actions={
        <>
          <CancelButton />
          <SubmitButton>Save</SubmitButton>
        </>
      }
    >
      <TextField label="Name" name="name" />
    </Form>
  );
}

describe('Form and the API', () => {
  function InputForm(props: { onSubmit: (input: { name: string; size: number }) => unknown }) {
    const form = useForm<Values>({ defaultValues: { name: '' } });
    return (
      <Form
        form={form}
        toInput={(values) =>
          values.name.trim() === ''
            ? { field: 'name', message: 'Enter a name.' }
            : { name: values.name, size: 1 }
        }
        failureMessage="Could not save."
        {...props}
        actions={<SubmitButton>Save</SubmitButton>}
      >
        <TextField label="Name" name="name" />
      </Form>
    );
  }

  it('sends what toInput makes, and shows its problem at the field instead of sending', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<InputForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter a name.');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada', size: 1 });
  });

  it("shows an API refusal at the field of the same name, and anything else as the form's message", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = new ApiError({
      status: 400,
      statusText: 'Bad Request',
      message: 'refused',
      field: 'name',
      serverMessage: 'That name is taken.',
    });
    const onSubmit = vi.fn().mockRejectedValueOnce(refusal).mockRejectedValueOnce(new Error('offline'));
    render(<InputForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('That name is taken.'),
    );
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save.');
  });
});

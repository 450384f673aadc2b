import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ImageResizeError } from '../lib/image-resize';
import { ImagePicker } from './image-picker';

function Harness({ prepare }: { prepare: (file: File) => Promise<string> }) {
  const [value, setValue] = useState<string | null>(null);
  return <ImagePicker label="House Photo" value={value} onChange={setValue} prepare={prepare} />;
}

// applyAccept: false lets a test hand over a file the browser's picker would have filtered out.
const user = () => userEvent.setup({ applyAccept: false });

describe('ImagePicker', () => {
  it('accepts image files only', () => {
    render(<Harness prepare={vi.fn()} />);
    expect(screen.getByLabelText('House Photo')).toHaveAttribute('accept', 'image/*');
  });

  it('refuses a file that is not an image even past the picker filter', async () => {
    const prepare = vi.fn(async () => 'data:image/webp;base64,AAAA');
    render(<Harness prepare={prepare} />);
    await user().upload(
      screen.getByLabelText('House Photo'),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('Please choose an image file.')).toBeInTheDocument();
    expect(prepare).not.toHaveBeenCalled();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the shrunk image as a round preview and can remove it', async () => {
    render(<Harness prepare={async () => 'data:image/webp;base64,AAAA'} />);
    await user().upload(
      screen.getByLabelText('House Photo'),
      new File(['x'], 'h.jpg', { type: 'image/jpeg' }),
    );
    const preview = await screen.findByAltText('House Photo preview');
    expect(preview).toHaveAttribute('src', 'data:image/webp;base64,AAAA');
    expect(preview.parentElement).toHaveClass('rounded-full');
    await user().click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByAltText('House Photo preview')).not.toBeInTheDocument();
  });

  it('says so when the image cannot be prepared', async () => {
    const prepare = vi.fn(async () => {
      throw new ImageResizeError('That image is too large. Please choose a smaller one.');
    });
    render(<Harness prepare={prepare} />);
    await user().upload(
      screen.getByLabelText('House Photo'),
      new File(['x'], 'big.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText('That image is too large. Please choose a smaller one.'),
    ).toBeInTheDocument();
  });
});

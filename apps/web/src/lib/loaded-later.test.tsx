import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadedLater } from './lazy-component';

function Notice({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('loadedLater', () => {
  it('draws nothing (and no fallback) until its code is here, then the part', async () => {
    let arrive: (c: typeof Notice) => void = () => {};
    const Later = loadedLater(() => new Promise<typeof Notice>((resolve) => (arrive = resolve)));
    const { container } = render(<Later text="Bins tonight" />);
    expect(container).toBeEmptyDOMElement();
    arrive(Notice);
    expect(await screen.findByText('Bins tonight')).toBeInTheDocument();
    // Mounted again, it is there at once.
    render(<Later text="Again" />);
    expect(screen.getByText('Again')).toBeInTheDocument();
  });

  it('leaves the part out, and says so in the console, when its code fails to arrive', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Later = loadedLater<{ text: string }>(() => Promise.reject(new Error('offline')));
    const { container } = render(<Later text="never" />);
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});

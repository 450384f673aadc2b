import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, usable } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A module promise the test settles by hand. */
function deferredModule() {
  let resolve: (m: { Greeting: typeof Greeting }) => void = () => {};
  let reject: (err: Error) => void = () => {};
  const promise = new Promise<{ Greeting: typeof Greeting }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve: () => resolve({ Greeting }), reject: (err: Error) => reject(err) };
}

function renderIn(ui: React.ReactNode) {
  return render(<Suspense fallback={<p>Loading</p>}>{ui}</Suspense>);
}

describe('usable', () => {
  it('records how the promise settled, in the fields React reads', async () => {
    const ok = usable(Promise.resolve(7));
    expect(ok.status).toBe('pending');
    await ok;
    expect(ok).toMatchObject({ status: 'fulfilled', value: 7 });

    const failed = usable(Promise.reject(new Error('gone')));
    await failed.catch(() => undefined);
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('gone') });
    // Marking again changes nothing.
    expect(usable(failed)).toBe(failed);
  });
});

describe('lazyComponent', () => {
  it('renders code that is already here in the same pass, without the fallback', async () => {
    const module = deferredModule();
    const Lazy = lazyComponent(
      () => module.promise,
      (m) => m.Greeting,
    );
    const preloaded = Lazy.preload();
    module.resolve();
    await preloaded;
    renderIn(<Lazy name="Ann" />);
    // No waiting: the first commit already holds the part.
    expect(screen.getByText('Hello, Ann')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends while the code is on its way, then shows it', async () => {
    const module = deferredModule();
    const load = vi.fn(() => module.promise);
    const Lazy = lazyComponent(load, (m) => m.Greeting);
    renderIn(<Lazy name="Ben" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    module.resolve();
    expect(await screen.findByText('Hello, Ben')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again for code whose download failed', async () => {
    const first = deferredModule();
    const second = deferredModule();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const Lazy = lazyComponent(load, (m: { Greeting: typeof Greeting }) => m.Greeting);
    const failed = Lazy.preload();
    first.reject(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    const retried = Lazy.preload();
    second.resolve();
    await retried;
    renderIn(<Lazy name="Cleo" />);
    expect(screen.getByText('Hello, Cleo')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

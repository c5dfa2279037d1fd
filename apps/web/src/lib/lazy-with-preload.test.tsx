import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload.ts';

function Greeting({ name }: { readonly name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyWithPreload', () => {
  it('renders at once, with no fallback, once preloaded (the takeover of the server HTML)', async () => {
    const Lazy = lazyWithPreload(() => Promise.resolve(Greeting));
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends like React.lazy when not preloaded', async () => {
    const Lazy = lazyWithPreload(() => Promise.resolve(Greeting));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ben" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello Ben')).toBeTruthy();
  });

  it('tries a failed download again on the next preload (a moment without signal)', async () => {
    let calls = 0;
    const Lazy = lazyWithPreload(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting);
    });
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    render(<Lazy name="Cleo" />);
    expect(screen.getByText('Hello Cleo')).toBeTruthy();
    expect(calls).toBe(2);
  });
});

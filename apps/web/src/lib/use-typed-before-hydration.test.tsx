import { act, Suspense, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTypedBeforeHydration } from './use-typed-before-hydration.ts';

function SearchField() {
  const [typed, setTyped] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, typed, setTyped);
  return (
    <>
      <input
        ref={field}
        aria-label="Search"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
        }}
      />
      <output>{typed}</output>
    </>
  );
}

/** The field inside its own boundary, as the map's search box is: it hydrates after the page. */
function Page() {
  return (
    <main>
      <Suspense fallback={null}>
        <SearchField />
      </Suspense>
    </main>
  );
}

function serverScreen(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Page />);
  document.body.append(root);
  return root;
}

describe('text typed into the server HTML before hydration', () => {
  beforeAll(() => {
    // React's act() outside Testing Library: tells React this is a test environment.
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);
  });

  it('becomes the field state once hydrated, and later renders keep it', async () => {
    const root = serverScreen();
    const input = root.querySelector('input') as HTMLInputElement;
    input.value = 'Christchurch';
    await act(async () => {
      hydrateRoot(root, <Page />);
      await Promise.resolve();
    });
    expect(root.querySelector('output')?.textContent).toBe('Christchurch');
    expect(root.querySelector('input')).toBe(input);
    expect(input.value).toBe('Christchurch');
    root.remove();
  });

  it('changes nothing when nothing was typed', async () => {
    const root = serverScreen();
    await act(async () => {
      hydrateRoot(root, <Page />);
      await Promise.resolve();
    });
    expect(root.querySelector('output')?.textContent).toBe('');
    expect((root.querySelector('input') as HTMLInputElement).value).toBe('');
    root.remove();
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppDialog } from './dialog.tsx';

function Page({ onBlockedDismiss }: { readonly onBlockedDismiss: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <main>
        <button type="button">Behind the dialog</button>
      </main>
      <AppDialog
        open={open}
        openInPlace
        dismissible={false}
        onBlockedDismiss={onBlockedDismiss}
        title="The terms"
        testId="terms"
      >
        <button
          type="button"
          onClick={() => {
            setOpen(false);
          }}
        >
          Accept
        </button>
      </AppDialog>
    </>
  );
}

describe('a dialog open in place from the first screen', () => {
  it('is drawn where it is rendered and made modal there, then undone when it closes', async () => {
    const onBlockedDismiss = vi.fn();
    const { container } = render(<Page onBlockedDismiss={onBlockedDismiss} />);
    const dialog = screen.getByTestId('terms');
    // In place (no portal), labelled by its title.
    expect(container.contains(dialog)).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'The terms',
    );
    const behind = container.querySelector('main');
    // Modal once the page has painted: the page behind inert, not scrolling, focus in the dialog.
    await waitFor(() => {
      expect(behind?.hasAttribute('inert')).toBe(true);
    });
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(dialog.contains(document.activeElement)).toBe(true);

    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onBlockedDismiss).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('terms')).toBe(dialog);

    act(() => {
      screen.getByRole('button', { name: 'Accept' }).click();
    });
    expect(screen.queryByTestId('terms')).toBeNull();
    expect(behind?.hasAttribute('inert')).toBe(false);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('answers a tap outside as the dialog answers Escape', async () => {
    const onBlockedDismiss = vi.fn();
    const { container } = render(<Page onBlockedDismiss={onBlockedDismiss} />);
    const overlay = container.querySelector('[data-ssr-dialog] > div:first-child');
    expect(overlay).not.toBeNull();
    act(() => {
      (overlay as HTMLElement).click();
    });
    expect(onBlockedDismiss).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(container.querySelector('main')?.hasAttribute('inert')).toBe(true);
    });
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NearbyList } from './nearby-list.tsx';

const noop = () => undefined;

describe('NearbyList states', () => {
  it('shows skeletons while loading', () => {
    render(
      <NearbyList
        entries={[]}
        distanceOrigin="you"
        loading
        failed={false}
        onRetry={noop}
        onClearFilters={null}
        onSelect={noop}
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading play spots' })).toBeTruthy();
  });

  it('offers a retry when loading failed', async () => {
    const onRetry = vi.fn();
    render(
      <NearbyList
        entries={[]}
        distanceOrigin="you"
        loading={false}
        failed
        onRetry={onRetry}
        onClearFilters={null}
        onSelect={noop}
      />,
    );
    // The messages load apart from the list (list-messages.tsx).
    expect((await screen.findByRole('alert')).textContent).toContain('We couldn’t load play spots');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers to clear filters when they hide everything, and a way forward otherwise', async () => {
    const onClear = vi.fn();
    const { rerender } = render(
      <NearbyList
        entries={[]}
        distanceOrigin="you"
        loading={false}
        failed={false}
        onRetry={noop}
        onClearFilters={onClear}
        onSelect={noop}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledOnce();
    rerender(
      <NearbyList
        entries={[]}
        distanceOrigin="you"
        loading={false}
        failed={false}
        onRetry={noop}
        onClearFilters={null}
        onSelect={noop}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.getByText(/Move the map to another area/u)).toBeTruthy();
  });
});

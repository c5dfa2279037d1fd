import type { PlaceFilters, PlaceSummary } from '@playspot/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NearbyList } from './nearby-list.tsx';

const noop = () => undefined;
const NO_FILTERS: PlaceFilters = { radiusKm: null };
const SANDPIT_OPEN_NOW: PlaceFilters = { radiusKm: null, equipment: ['sandpit'], openNow: true };

describe('NearbyList states', () => {
  it('shows skeletons while loading, pulsing only while the read is on its way', () => {
    const list = (fetching: boolean) => (
      <NearbyList
        entries={[]}
        further={[]}
        distanceOrigin="you"
        loading
        fetching={fetching}
        failed={false}
        onRetry={noop}
        filters={NO_FILTERS}
        onClearFilters={null}
        onSearchTown={null}
        onSelect={noop}
      />
    );
    const pulsing = () => screen.getByRole('status').querySelectorAll('.motion-safe\\:animate-pulse').length;
    const { rerender } = render(list(false));
    expect(screen.getByRole('status', { name: 'Loading play spots' })).toBeTruthy();
    // Waiting (for the terms, the position): nothing to show progress of, and no endless frames.
    expect(pulsing()).toBe(0);
    rerender(list(true));
    expect(pulsing()).toBe(4);
  });

  it('offers a retry when loading failed', async () => {
    const onRetry = vi.fn();
    render(
      <NearbyList
        entries={[]}
        further={[]}
        distanceOrigin="you"
        loading={false}
        fetching={false}
        failed
        onRetry={onRetry}
        filters={NO_FILTERS}
        onClearFilters={null}
        onSearchTown={null}
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
        further={[]}
        distanceOrigin="you"
        loading={false}
        fetching={false}
        failed={false}
        onRetry={noop}
        filters={SANDPIT_OPEN_NOW}
        onClearFilters={onClear}
        onSearchTown={null}
        onSelect={noop}
      />,
    );
    // Issue 45: one message, naming the filters (b756146 said three things, none of them these).
    const state = await screen.findByRole('status');
    expect(within(state).getByRole('heading').textContent).toBe('No play spots match your filters');
    expect(state.textContent).toContain('Filtered by Sandpit and Open now.');
    expect(state.textContent).not.toMatch(/Nothing matches|No play spots here yet|Nothing found/u);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledOnce();
    rerender(
      <NearbyList
        entries={[]}
        further={[]}
        distanceOrigin="you"
        loading={false}
        fetching={false}
        failed={false}
        onRetry={noop}
        filters={NO_FILTERS}
        onClearFilters={null}
        onSearchTown={null}
        onSelect={noop}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.getByText(/Move the map to another area/u)).toBeTruthy();
  });

  it('invites a search for the parent’s town while their position is unknown', async () => {
    const onSearchTown = vi.fn();
    render(
      <NearbyList
        entries={[]}
        further={[]}
        distanceOrigin="map-centre"
        loading={false}
        fetching={false}
        failed={false}
        onRetry={noop}
        filters={NO_FILTERS}
        onClearFilters={null}
        onSearchTown={onSearchTown}
        onSelect={noop}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Search for your town' }));
    expect(onSearchTown).toHaveBeenCalledOnce();
    expect(screen.getByText(/We don’t know where you are/u)).toBeTruthy();
  });

  it('lists places further away under their own heading, after the near ones', () => {
    const place = (id: string, name: string): PlaceSummary => ({
      id,
      name,
      lat: 53.87,
      lng: 10.69,
      indoor: false,
      free: true,
      ageRanges: [],
      upVotes: 0,
    });
    render(
      <NearbyList
        entries={[{ place: place('11111111-1111-4111-8111-111111111111', 'Marli Park'), distanceKm: 1.2 }]}
        further={[
          { place: place('22222222-2222-4222-8222-222222222222', 'Travemünde Beach'), distanceKm: 31 },
        ]}
        distanceOrigin="you"
        loading={false}
        fetching={false}
        failed={false}
        onRetry={noop}
        filters={NO_FILTERS}
        onClearFilters={null}
        onSearchTown={null}
        onSelect={noop}
      />,
    );
    const near = screen.getByRole('list', { name: 'Play spots, nearest first' });
    expect(within(near).getByText('Marli Park')).toBeTruthy();
    expect(within(near).queryByText('Travemünde Beach')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Further away' })).toBeTruthy();
    const further = screen.getByRole('list', { name: 'Play spots further away, nearest first' });
    expect(within(further).getByText('Travemünde Beach')).toBeTruthy();
  });
});

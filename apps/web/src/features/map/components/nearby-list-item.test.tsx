import type { PlaceSummary } from '@playspot/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NearbyListItem } from './nearby-list-item.tsx';

const summary = (patch: Partial<PlaceSummary> = {}): PlaceSummary => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Harbour View Playground',
  lat: -36.86,
  lng: 174.77,
  indoor: false,
  free: true,
  ageRanges: [],
  upVotes: 2,
  ...patch,
});

const row = (place: PlaceSummary) =>
  render(
    <ul>
      <NearbyListItem place={place} distanceKm={0.4} distanceOrigin="you" onSelect={() => undefined} />
    </ul>,
  );

describe('a nearby list row', () => {
  it('shows up to three facts the place is known for, each an icon and a word', () => {
    row(summary({ facts: ['fenced', 'toilets', 'shade', 'wheelchair'] }));
    const facilities = screen.getByRole('list', { name: 'Facilities' });
    expect(
      within(facilities)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fenced', 'Toilets', 'Shade']);
  });

  it('shows nothing of facts when none is known', () => {
    row(summary());
    expect(screen.queryByRole('list', { name: 'Facilities' })).toBeNull();
  });
});

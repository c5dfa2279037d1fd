import { destinationPoint, type Place } from '@playspot/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { installFakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { SearchBox } from './search-box.tsx';
import { makePlace } from '@playspot/core/testing';

/** The map's centre in these tests; the server's distanceKm (from a rounded centre) is off on purpose. */
const CENTER = { lat: -36.8612345, lng: 174.7798765 };

function place(id: string, name: string, kmNorth: number): Place {
  const at = destinationPoint(CENTER, 0, kmNorth);
  return makePlace({
    id,
    name,
    latitude: at.lat,
    longitude: at.lng,
    tags: [],
    tagVotes: {},
    distanceKm: kmNorth + 0.3,
  });
}

const SUNNY = place('00000000-0000-4000-8000-000000000001', 'Sunny Hill Park', 1.23);
const SUNDAY = place('00000000-0000-4000-8000-000000000002', 'Sunday Market Playground', 0.4);

let track: MockInstance<typeof analytics.track>;
let queries: URLSearchParams[];

beforeEach(() => {
  track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
  queries = [];
  installFakeApi({
    '/api/locations/search': (): Reply => {
      const params = new URL(lastRequestUrl(), 'http://test').searchParams;
      queries.push(params);
      const q = params.get('q') ?? '';
      const items = q.startsWith('sun') ? [SUNDAY, SUNNY] : [];
      return { status: 200, body: { items, nextCursor: null } };
    },
  });
});

/** The URL of the request being answered (the API client passes strings). */
function lastRequestUrl(): string {
  const input = vi.mocked(fetch).mock.lastCall?.[0];
  return typeof input === 'string' ? input : '';
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SearchBox', () => {
  it("searches near the map's centre once typing pauses, and opens the chosen place by keyboard", async () => {
    const person = userEvent.setup();
    const onChoose = vi.fn();
    renderAt(<SearchBox center={CENTER} onChoose={onChoose} />);
    const box = screen.getByRole('combobox', { name: 'Search play spots by name' });
    await person.type(box, 'sun');

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Sunday Market Playground400 m',
      'Sunny Hill Park1.2 km',
    ]);
    // One request for the whole word, with the view's centre.
    expect(queries).toHaveLength(1);
    expect(queries[0]?.get('q')).toBe('sun');
    expect(queries[0]?.get('lat')).toBe('-36.86');
    expect(queries[0]?.get('lng')).toBe('174.78');
    await waitFor(() => {
      expect(track).toHaveBeenCalledWith('search_location', { search_term: 'sun', results: 2 });
    });

    await person.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await person.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith(SUNNY);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("measures from the person's exact position when known, as every other screen does", async () => {
    const person = userEvent.setup();
    const origin = destinationPoint(CENTER, 180, 0.2);
    renderAt(<SearchBox center={CENTER} origin={origin} onChoose={vi.fn()} />);
    await person.type(screen.getByRole('combobox', { name: 'Search play spots by name' }), 'sun');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Sunday Market Playground600 m',
      'Sunny Hill Park1.4 km',
    ]);
  });

  it('says so when nothing matches, and sends nothing for a single letter', async () => {
    const person = userEvent.setup();
    renderAt(<SearchBox center={{ lat: -36.86, lng: 174.78 }} onChoose={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'Search play spots by name' });
    await person.type(box, 'z');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(queries).toHaveLength(0);

    await person.type(box, 'oo');
    expect(await screen.findByText(/No play spots called “zoo” near here/)).toBeTruthy();
  });

  it('opens a place by tap', async () => {
    const person = userEvent.setup();
    const onChoose = vi.fn();
    renderAt(<SearchBox center={{ lat: -36.86, lng: 174.78 }} onChoose={onChoose} />);
    await person.type(screen.getByRole('combobox'), 'sunny');
    await person.click(await screen.findByRole('option', { name: /Sunny Hill Park/ }));
    expect(onChoose).toHaveBeenCalledWith(SUNNY);
  });
});

import { destinationPoint } from '@playspot/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { makeEvent } from '../test/make-event.ts';
import { EventsPage } from './events-page.tsx';

// Saturday 7 November 2026, 10:10 in Auckland.
const NOW = new Date('2026-11-06T21:10:00Z');
const CENTER = { lat: -36.85, lng: 174.76 };

/** Where a place `km` north of the person is; the server's distanceKm (from its rounded centre) is off on purpose. */
const northBy = (km: number) => {
  const place = destinationPoint(CENTER, 0, km);
  return { latitude: place.lat, longitude: place.lng, distanceKm: km + 0.03 };
};
const live = { ...makeEvent({ title: 'Toddler meetup', time: '10:00' }), ...northBy(0.4) };
const sunday = {
  ...makeEvent({ id: 'f6f6f6f6-0000-4000-8000-000000000001', title: 'Sunday stroll', dayOfWeek: 'Sunday' }),
  ...northBy(2.5),
};
const invitation = makeEvent({
  id: 'f6f6f6f6-0000-4000-8000-000000000002',
  title: 'Twins playdate',
  isPublic: false,
  locationName: 'Western Springs',
});

let nearbyQueries: URLSearchParams[];

function setUp() {
  nearbyQueries = [];
  const fetchMock = installFakeApi({
    '/api/events/nearby': (): Reply => {
      const call = fetchMock.mock.calls.at(-1);
      const url = new URL(typeof call?.[0] === 'string' ? call[0] : '', 'http://test');
      nearbyQueries.push(url.searchParams);
      const week = url.searchParams.get('range') === 'week';
      return { status: 200, body: { events: week ? [sunday, live] : [live] } };
    },
    '/api/me/invitations': { status: 200, body: { events: [invitation] } },
  });
  return fetchMock;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage(signedIn: boolean, onSignIn = vi.fn()) {
  renderAt(
    <EventsPage
      center={CENTER}
      origin={CENTER}
      locating={false}
      onLocateMe={vi.fn()}
      signedIn={signedIn}
      onSignIn={onSignIn}
    />,
    '/events',
  );
  return onSignIn;
}

describe('EventsPage', () => {
  it('lists today’s events around the person with the live badge, the place and the distance', async () => {
    setUp();
    renderPage(true);
    const list = await screen.findByRole('list', { name: 'Events today' });
    const card = within(list).getByRole('article', { name: 'Toddler meetup' });
    expect(within(card).getByText('Happening now')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Auckland Domain Playground' })).toBeTruthy();
    expect(within(card).getByText(/400 m away/)).toBeTruthy();
    // The calendar-feed panel has a status line of its own (empty until it says something).
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      '1 event nearby today.',
    );
    expect(nearbyQueries[0]?.get('lat')).toBe('-36.85');
    expect(nearbyQueries[0]?.get('range')).toBe('today');
  });

  it('switches to this week, soonest first', async () => {
    setUp();
    renderPage(true);
    await screen.findByRole('list', { name: 'Events today' });
    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    const list = await screen.findByRole('list', { name: 'Events this week' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Toddler meetup', 'Sunday stroll']);
    expect(nearbyQueries.at(-1)?.get('range')).toBe('week');
  });

  it('shows the invitations of a signed-in person, marked private', async () => {
    setUp();
    renderPage(true);
    const invited = await screen.findByRole('list', { name: 'Events you are invited to' });
    const card = within(invited).getByRole('article', { name: 'Twins playdate' });
    expect(within(card).getByText('Private · invited only')).toBeTruthy();
  });

  it('asks a signed-out person to sign in for invitations, without asking the server', async () => {
    const fetchMock = setUp();
    const onSignIn = renderPage(false);
    const invited = screen.getByRole('region', { name: 'Invited' });
    await userEvent.click(within(invited).getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledOnce();
    await waitFor(() => {
      expect(nearbyQueries.length).toBeGreaterThan(0);
    });
    expect(fetchMock.mock.calls.some(([url]) => typeof url === 'string' && url.includes('invitations'))).toBe(
      false,
    );
  });
});

/** The map's list and card in German: plurals, distances and numbers as German writes them. */
import type { Event, PlaceSummary } from '@playspot/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { FarAwayNotice } from './far-away-notice.tsx';
import { NearbyListItem } from './nearby-list-item.tsx';
import { TodaysEvents } from './todays-events.tsx';
import { MemoryRouter } from 'react-router';

const summary: PlaceSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Spielplatz am Wasserturm',
  lat: 53.55,
  lng: 9.99,
  indoor: false,
  free: true,
  ageRanges: [],
  upVotes: 1234,
  facts: ['fenced', 'wheelchair'],
};

describe('in German', () => {
  it('a list row: distance with a decimal comma, grouped count, plural vote words, German badges', async () => {
    await i18n.changeLanguage('de');
    render(
      <ul>
        <NearbyListItem place={summary} distanceKm={1.24} distanceOrigin="you" onSelect={() => undefined} />
      </ul>,
    );
    expect(screen.getByText('1,2 km entfernt')).toBeTruthy();
    expect(screen.getByText('1.234')).toBeTruthy();
    expect(screen.getByText('Daumen hoch')).toBeTruthy();
    const facts = screen.getByRole('list', { name: 'Ausstattung' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Eingezäunt', 'Rollstuhl']);
    const badges = screen.getByRole('list', { name: 'Über diesen Ort' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Draußen', 'Kostenlos']);
  });

  it('from the map centre, and far away with thousands grouped the German way', async () => {
    await i18n.changeLanguage('de');
    render(
      <MemoryRouter>
        <ul>
          <NearbyListItem
            place={summary}
            distanceKm={0.065}
            distanceOrigin="map-centre"
            onSelect={() => undefined}
          />
        </ul>
        <FarAwayNotice nearestKm={17_764.2} />
      </MemoryRouter>,
    );
    expect(screen.getByText('70 m von der Kartenmitte')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Noch keine Spielorte in deiner Nähe' })).toBeTruthy();
    expect(screen.getByText(/Die nächsten, die wir kennen, sind 17\.764 km entfernt\./u)).toBeTruthy();
  });

  it('plural forms: one and several more events', async () => {
    await i18n.changeLanguage('de');
    const event = (id: string, time: string): Event => ({
      id,
      locationId: summary.id,
      locationName: summary.name,
      title: `Treffen ${id}`,
      description: null,
      dayOfWeek: 'Saturday',
      time,
      endTime: '23:59',
      durationMinutes: 60,
      repeatPattern: 'Week',
      isPublic: true,
      timeZone: 'Europe/Berlin',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      createdByUserName: null,
      canEdit: false,
      happeningNow: false,
      startsInMinutes: 0,
    });
    const { rerender } = render(
      <TodaysEvents events={['1', '2', '3', '4'].map((id) => event(id, `0${id}:00`))} />,
    );
    expect(screen.getByText('und 1 weitere auf der Seite des Orts')).toBeTruthy();
    rerender(<TodaysEvents events={['1', '2', '3', '4', '5'].map((id) => event(id, `0${id}:00`))} />);
    expect(screen.getByText('und 2 weitere auf der Seite des Orts')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Heute hier' })).toBeTruthy();
  });
});

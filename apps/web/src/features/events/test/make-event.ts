/** An event as the API sends it, for tests. */
import type { Event } from '@playspot/core';

export function makeEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: '3f0a8c5e-2b1d-4c7e-9a6f-1d2e3f4a5b6c',
    locationId: '8b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    locationName: 'Auckland Domain Playground',
    title: 'Toddler meetup',
    description: null,
    dayOfWeek: 'Saturday',
    time: '10:00',
    endTime: '11:00',
    durationMinutes: 60,
    repeatPattern: 'Week',
    isPublic: true,
    timeZone: 'Pacific/Auckland',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    createdByUserName: 'pat_parent',
    canEdit: false,
    happeningNow: false,
    startsInMinutes: 60,
    ...overrides,
  };
}

import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '@playspot/core';
import { eventsTodayIds } from '../api/get-events-today.ts';
import { TodaysEvents } from './todays-events.tsx';

// Saturday 7 November 2026, 10:10 in Auckland (NZDT).
const NOW = new Date('2026-11-06T21:10:00Z');

function event(id: string, title: string, time: string): Event {
  return {
    id,
    locationId: '8b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    locationName: 'Auckland Domain Playground',
    title,
    description: null,
    dayOfWeek: 'Saturday',
    time,
    endTime: '23:59',
    durationMinutes: 60,
    repeatPattern: 'Week',
    isPublic: true,
    timeZone: 'Pacific/Auckland',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    createdByUserName: null,
    canEdit: false,
    happeningNow: false,
    startsInMinutes: 0,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TodaysEvents on the map card', () => {
  it('marks the live event (from the schedule in the place’s zone, not the server’s flag) and counts down to the next', () => {
    render(
      <TodaysEvents events={[event('1', 'Story time', '10:40'), event('2', 'Toddler meetup', '10:00')]} />,
    );
    const items = within(screen.getByRole('region', { name: 'Today here' })).getAllByRole('listitem');
    // The start on English's 12-hour clock (issue 46).
    expect(items.map((item) => item.textContent.replace(/\u202f/gu, ' '))).toEqual([
      'Happening nowToddler meetup',
      '10:40 amStory time· starts in 30 min',
    ]);
  });

  it('shows nothing when the place has no events today', () => {
    const { container } = render(<TodaysEvents events={[]} />);
    expect(container.textContent).toBe('');
  });
});

describe('eventsTodayIds', () => {
  it('asks once per place, in a stable order, within the server’s limit of 300', () => {
    expect(eventsTodayIds(['b', 'a', 'b'])).toEqual(['a', 'b']);
    const many = Array.from({ length: 400 }, (_, index) => `id-${String(index).padStart(3, '0')}`);
    expect(eventsTodayIds(many)).toHaveLength(300);
  });
});

import type { CurrentUser } from '@playspot/core';
import { makePlace } from '@playspot/core/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths.ts';
import { installFakeApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { EditPlaceRoute } from './edit-place.tsx';

// Leaflet does not draw in jsdom.
vi.mock('../../features/contribute/components/position-picker.tsx', () => ({
  PositionPicker: () => <p>map picker</p>,
}));

const ID = '00000000-0000-4000-8000-0000000000aa';

const place = makePlace({
  id: ID,
  name: 'Sunny Hill Park',
  latitude: -36.86,
  longitude: 174.78,
  tags: ['Swings', 'Flying fox'],
  tagVotes: { Swings: { up: 2, down: 0 }, 'Flying fox': { up: 1, down: 0 } },
  searchKeywords: ['sunny', 'hill', 'park'],
  createdByUserName: 'Sunny_Parent',
  officialWebsite: 'https://sunny.example.nz',
  description: 'Big fort',
  ageRanges: ['2-5'],
});

const person = (userName: string, role: CurrentUser['role'] = 'basic'): CurrentUser => ({
  userName,
  displayName: null,
  photoURL: null,
  role,
  level: 1,
  points: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  email: null,
  leveledUp: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const routes = [{ path: paths.editPlace.pattern, element: <EditPlaceRoute /> }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/locations/:id/edit', () => {
  it.each([
    ['who added the place', person('Sunny_Parent')],
    ['a moderator', person('Mod', 'moderator')],
  ])('shows %s the form filled with the place', async (_who, me) => {
    installFakeApi({
      '/api/me': { status: 200, body: me },
      // The server decides who may edit and says so for this caller.
      [`/api/locations/${ID}`]: { status: 200, body: { ...place, canEdit: true } },
    });
    renderRoutes(routes, paths.editPlace.build(ID));
    // The form's code loads on demand: on a busy two-core machine that took over a second.
    expect(
      await screen.findByRole('heading', { name: 'Edit Sunny Hill Park', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name of the place').value).toBe('Sunny Hill Park');
    expect(screen.getByRole('button', { name: 'Swings' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Remove tag Flying fox' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '2–5 years' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(screen.getByText(/Saving starts the tag votes afresh/)).toBeTruthy();
  });

  it('tells someone else who may change it instead of showing a form they cannot save', async () => {
    installFakeApi({
      '/api/me': { status: 200, body: person('Other_Parent') },
      [`/api/locations/${ID}`]: { status: 200, body: place },
    });
    renderRoutes(routes, paths.editPlace.build(ID));
    expect(await screen.findByText(/Only the person who added this place, or a moderator/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    // What saving does is not told to someone who cannot save (issue 49).
    expect(screen.queryByText(/Saving starts the tag votes afresh/)).toBeNull();
  });
});

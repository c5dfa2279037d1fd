import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makePlace } from '@playspot/core/testing';
import { installFakeApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { returnToFrom } from '../components/continue-where-you-were.tsx';
import { AboutUsRoute } from './about-us.tsx';

describe('About page', () => {
  it('credits OpenStreetMap for the map and the play spot data, with the ODbL', () => {
    render(
      <MemoryRouter>
        <AboutUsRoute />
      </MemoryRouter>,
    );
    const credits = screen.getByRole('heading', { name: 'Thank you' }).closest('section');
    expect(credits?.textContent).toContain('playground data © OpenStreetMap contributors');
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Open Database Licence (ODbL)')).toBe('https://opendatacommons.org/licenses/odbl/');
    expect(href('© OpenStreetMap contributors')).toBe('https://www.openstreetmap.org/copyright');
  });

  it('offers "Continue to <place>" after the terms dialog sent a shared place here', async () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    installFakeApi({
      [`/api/locations/${id}`]: { status: 200, body: makePlace({ id, name: 'Hanseplatz' }) },
    });
    renderRoutes([{ path: '/AboutUs', element: <AboutUsRoute /> }], {
      pathname: '/AboutUs',
      state: { returnTo: `/locations/${id}` },
    });
    const link = await screen.findByRole('link', { name: 'Continue to Hanseplatz' });
    expect(link.getAttribute('href')).toBe(`/locations/${id}`);
  });

  it('offers nothing without a place to go back to, and never leaves the app', () => {
    render(
      <MemoryRouter>
        <AboutUsRoute />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('continue-where-you-were')).toBeNull();
    expect(returnToFrom({ returnTo: '//evil.example/x' })).toBeNull();
    expect(returnToFrom({ returnTo: 'https://evil.example' })).toBeNull();
    expect(returnToFrom({ returnTo: '/events' })).toBe('/events');
    expect(returnToFrom('nothing')).toBeNull();
  });
});

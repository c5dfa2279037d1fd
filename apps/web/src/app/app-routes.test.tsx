import { STORAGE_KEYS } from '@playspot/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { analytics } from '../lib/analytics/analytics.ts';
import { installFakeApi } from '../test/fake-api.ts';
import { renderRoutes } from '../test/render.tsx';
import { appRoutes } from './router.tsx';

let track: MockInstance<typeof analytics.track>;

beforeEach(() => {
  installFakeApi();
  track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const screenViews = () =>
  track.mock.calls.filter(([name]) => name === 'screen_view').map(([, params]) => params?.screen_name);

describe('app routes', () => {
  it('records one screen view on first load and one per route change, named by core screenNameForPath', async () => {
    window.localStorage.setItem(STORAGE_KEYS.hasAcceptedToS, 'true');
    const { router } = renderRoutes(appRoutes({ crashRoute: false }), '/AboutUs');
    await screen.findByRole('heading', { level: 1, name: 'About PlaySpot' });
    await router.navigate('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    await router.navigate('/somewhere/unknown');
    await screen.findByRole('heading', { name: 'This page wandered off' });
    expect(screenViews()).toEqual(['AboutUs', 'terms', 'NotFound']);
  });

  it('redirects / to /MapView without recording a Home view on the way', async () => {
    window.localStorage.setItem(STORAGE_KEYS.hasAcceptedToS, 'true');
    const { router } = renderRoutes(appRoutes({ crashRoute: false }), '/');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/MapView');
    });
    await waitFor(() => {
      expect(screenViews()).toEqual(['MapView']);
    });
  });

  it('shows the terms dialog on every page but the Terms page', async () => {
    const { router } = renderRoutes(appRoutes({ crashRoute: false }), '/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    expect(screen.queryByRole('dialog', { name: 'Discover, Share & Explore' })).toBeNull();
    await router.navigate('/AboutUs');
    expect(await screen.findByRole('dialog', { name: 'Discover, Share & Explore' })).toBeTruthy();
  });

  it('shows "Something went wrong." with the error folded into <details>', async () => {
    window.localStorage.setItem(STORAGE_KEYS.hasAcceptedToS, 'true');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = renderRoutes(appRoutes({ crashRoute: true }), '/dev/crash');
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeTruthy();
    const details = container.querySelector('details');
    expect(details?.querySelector('summary')?.textContent).toBe('Error details');
    expect(details?.textContent).toContain('Crash test: this page throws on purpose');
    expect(details?.open).toBe(false);
    // The header stays, so the person can still find their way.
    expect(screen.getByRole('link', { name: 'PlaySpot' })).toBeTruthy();
  });

  it('has no crash route unless enabled', async () => {
    window.localStorage.setItem(STORAGE_KEYS.hasAcceptedToS, 'true');
    renderRoutes(appRoutes({ crashRoute: false }), '/dev/crash');
    expect(await screen.findByRole('heading', { name: 'This page wandered off' })).toBeTruthy();
  });
});

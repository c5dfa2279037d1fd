import { STORAGE_KEYS } from '@playspot/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ENV } from '../../../config/env.ts';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { renderAt, USER_AGENTS } from '../../../test/render.tsx';
import { TermsDialog } from './terms-dialog.tsx';

function useUserAgent(userAgent: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

describe('TermsDialog', () => {
  it('is open while hasAcceptedToS_v1 is absent, with the spec title, text and a link to the terms', () => {
    useUserAgent(USER_AGENTS.desktop);
    renderAt(<TermsDialog />);
    const dialog = screen.getByRole('dialog', { name: 'Discover, Share & Explore' });
    expect(dialog.textContent).toContain(
      'PlaySpot is a community-driven platform where you can share & find your favorite play spots!',
    );
    expect(dialog.textContent).toContain('free');
    expect(screen.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe('/terms');
  });

  it('stays closed once the flag holds "true"', () => {
    window.localStorage.setItem(STORAGE_KEYS.hasAcceptedToS, 'true');
    renderAt(<TermsDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows again when the flag holds anything but "true"', () => {
    window.localStorage.setItem(STORAGE_KEYS.hasAcceptedToS, 'yes');
    renderAt(<TermsDialog />);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('on a desktop offers "Explore PlaySpots", which accepts and goes to /MapView', async () => {
    useUserAgent(USER_AGENTS.desktop);
    const { router } = renderAt(<TermsDialog />, '/AboutUs');
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Explore PlaySpots', 'Learn more']);
    await userEvent.click(screen.getByRole('button', { name: 'Explore PlaySpots' }));
    expect(window.localStorage.getItem('hasAcceptedToS_v1')).toBe('true');
    expect(router.state.location.pathname).toBe('/MapView');
  });

  it.each([
    ['iphone', USER_AGENTS.iphone, 'ios', DEFAULT_ENV.appStoreUrl],
    ['android', USER_AGENTS.android, 'android', DEFAULT_ENV.playStoreUrl],
  ])('on an %s browser the first button is "Get the App" to its store', async (_name, ua, platform, url) => {
    useUserAgent(ua);
    const track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
    renderAt(<TermsDialog />);
    const getApp = screen.getByRole('link', { name: 'Get the App' });
    expect(getApp.getAttribute('href')).toBe(url);
    expect(screen.queryByRole('button', { name: /Explore/ })).toBeNull();
    getApp.addEventListener('click', (event) => {
      event.preventDefault(); // jsdom cannot open the store
    });
    await userEvent.click(getApp);
    expect(track).toHaveBeenCalledWith('app_store_click', { source: 'terms_modal', platform });
  });

  it('store defaults are an apps.apple.com and a play.google.com listing', () => {
    expect(new URL(DEFAULT_ENV.appStoreUrl).hostname).toBe('apps.apple.com');
    expect(new URL(DEFAULT_ENV.playStoreUrl).hostname).toBe('play.google.com');
  });

  it('inside the native app "Explore PlaySpots" runs the supplied handler and accepts', async () => {
    useUserAgent(USER_AGENTS.iphone);
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    const onExplore = vi.fn();
    const { router } = renderAt(<TermsDialog onExploreInNativeApp={onExplore} />, '/AboutUs');
    await userEvent.click(screen.getByRole('button', { name: 'Explore PlaySpots' }));
    expect(onExplore).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem('hasAcceptedToS_v1')).toBe('true');
    expect(router.state.location.pathname).toBe('/AboutUs');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Learn more" accepts and goes to /AboutUs', async () => {
    useUserAgent(USER_AGENTS.android);
    const { router } = renderAt(<TermsDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Learn more' }));
    expect(window.localStorage.getItem('hasAcceptedToS_v1')).toBe('true');
    expect(router.state.location.pathname).toBe('/AboutUs');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cannot be dismissed with Escape: the terms must be answered, and it says so', async () => {
    useUserAgent(USER_AGENTS.desktop);
    renderAt(<TermsDialog />);
    expect(screen.getByRole('status').textContent).toBe('');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(window.localStorage.getItem('hasAcceptedToS_v1')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Choose one of the buttons above to start.');
  });

  it('"Learn more" on a shared place passes it on, so the About page offers to continue there', async () => {
    useUserAgent(USER_AGENTS.iphone);
    const place = '/locations/0f8fad5b-d9cb-469f-a165-70867728950e';
    const { router } = renderAt(<TermsDialog />, place);
    await userEvent.click(screen.getByRole('button', { name: 'Learn more' }));
    expect(router.state.location.pathname).toBe('/AboutUs');
    expect(router.state.location.state).toEqual({ returnTo: place });
  });
});

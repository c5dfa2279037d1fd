import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { localDistance } from '../../lib/i18n/distance.ts';
import { i18n } from '../../lib/i18n/i18n.ts';
import { LanguageMenu } from './language-menu.tsx';

/** A distance as a screen shows it, redrawn like any text of the app. */
function Distance({ km }: { readonly km: number }) {
  const { i18n: texts } = useTranslation();
  return <p data-testid="distance">{localDistance(km, texts.language)}</p>;
}

describe('the language menu', () => {
  it('offers each language in its own words and switches the app, <html lang> and the saved choice', async () => {
    render(<LanguageMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    const deutsch = screen.getByRole('button', { name: 'Deutsch' });
    expect(deutsch.getAttribute('lang')).toBe('de');

    await userEvent.click(deutsch);
    await waitFor(() => {
      expect(document.documentElement.lang).toBe('de');
    });
    expect(i18n.language).toBe('de');
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeTruthy();
    expect(screen.queryByRole('group')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sprache: Deutsch' }));
    expect(screen.getByRole('group', { name: 'Sprache' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => {
      expect(document.documentElement.lang).toBe('en');
    });
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('measures in the units chosen, remembered on the device, and redraws every distance (issue 46)', async () => {
    render(
      <>
        <LanguageMenu />
        <Distance km={1.24} />
      </>,
    );
    // The test's device is in New Zealand: metres and kilometres until a choice.
    expect(screen.getByTestId('distance').textContent).toBe('1.2 km');
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    const units = screen.getByRole('group', { name: 'Distances' });
    expect(screen.getByRole('button', { name: 'Metres and kilometres' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(units.textContent).toContain('Feet and miles');

    await userEvent.click(screen.getByRole('button', { name: 'Feet and miles' }));
    await waitFor(() => {
      expect(screen.getByTestId('distance').textContent).toBe('0.8 mi');
    });
    expect(window.localStorage.getItem('distanceUnits')).toBe('imperial');
    expect(screen.queryByRole('group', { name: 'Distances' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    expect(screen.getByRole('button', { name: 'Feet and miles' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => {
      expect(screen.getByTestId('distance').textContent).toBe('0,8 mi');
    });
    await i18n.changeLanguage('en');
  });

  it('starts in feet and miles on a device in the United States', async () => {
    const languages = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
    Object.defineProperty(window.navigator, 'languages', { value: ['en-US', 'en'], configurable: true });
    try {
      render(<Distance km={0.06} />);
      expect(screen.getByTestId('distance').textContent).toBe('200 ft');
      window.localStorage.setItem('distanceUnits', 'metric');
      await i18n.changeLanguage('en');
      await waitFor(() => {
        expect(screen.getByTestId('distance').textContent).toBe('60 m');
      });
    } finally {
      if (languages) Object.defineProperty(window.navigator, 'languages', languages);
    }
  });

  it('closes on Escape', async () => {
    render(<LanguageMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });
});

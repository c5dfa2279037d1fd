import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n.ts';
import { LanguageMenu } from './language-menu.tsx';

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

  it('closes on Escape', async () => {
    render(<LanguageMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { FarAwayNotice } from './far-away-notice.tsx';

describe('FarAwayNotice', () => {
  it('says how far the nearest places are, in the one distance format, and offers a way on', async () => {
    const onSearchElsewhere = vi.fn();
    renderAt(<FarAwayNotice nearestKm={17_756.4} onSearchElsewhere={onSearchElsewhere} />);
    expect(screen.getByRole('heading', { name: 'No play spots near you yet' })).toBeTruthy();
    expect(screen.getByText(/The nearest ones we know are 17 756 km away\./u)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Search elsewhere' }));
    expect(onSearchElsewhere).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Add a place' }).getAttribute('href')).toBe('/locations/new');
  });
});

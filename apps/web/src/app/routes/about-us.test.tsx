import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});

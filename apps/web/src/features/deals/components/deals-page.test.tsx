import { destinationPoint, type Deal } from '@playspot/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { DealsPage } from './deals-page.tsx';

function makeDeal(overrides: Partial<Deal>): Deal {
  return {
    id: 'c3c3c3c3-0000-4000-8000-000000000001',
    title: 'Half-price swims',
    website: 'https://example.org/swim',
    imageUrl: '/api/files/deals/x/pool.webp',
    logoUrl: '/api/files/deals/x/logo_pool.webp',
    active: true,
    expiryDate: '2027-01-31',
    extra: {},
    location: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const shown = makeDeal({});
const expired = makeDeal({
  id: 'c3c3c3c3-0000-4000-8000-000000000002',
  title: 'Old offer',
  expiryDate: '2020-01-01',
});
const off = makeDeal({ id: 'c3c3c3c3-0000-4000-8000-000000000003', title: 'Paused offer', active: false });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DealsPage', () => {
  it('shows each deal with its logo, expiry and a link out that opens safely, and no editor for others', async () => {
    const fetchMock = installFakeApi({ '/api/deals': { status: 200, body: { deals: [shown] } } });
    renderAt(<DealsPage isAdmin={false} />, '/deals');

    const card = await screen.findByRole('article', { name: 'Half-price swims' });
    expect(within(card).getByRole('img', { name: 'Half-price swims: partner logo' })).toBeTruthy();
    expect(within(card).getByText('Until 31 Jan 2027')).toBeTruthy();
    const link = within(card).getByRole('link', { name: /See the deal/ });
    expect(link.getAttribute('href')).toBe('https://example.org/swim');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('heading', { name: 'Manage deals' })).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url]) => typeof url === 'string' && url.includes('/api/deals/all')),
    ).toBe(false);
  });

  it('says so kindly when there are no deals', async () => {
    installFakeApi({ '/api/deals': { status: 200, body: { deals: [] } } });
    renderAt(<DealsPage isAdmin={false} />, '/deals');
    expect(await screen.findByText('No deals right now')).toBeTruthy();
  });

  it('gives admins every deal with its state, and creates a new one with a normalised request', async () => {
    const posts: unknown[] = [];
    installFakeApi({
      '/api/deals': ({ method, body }): Reply => {
        if (method === 'POST') {
          posts.push(body);
          return { status: 201, body: { deal: makeDeal({ id: 'c3c3c3c3-0000-4000-8000-000000000009' }) } };
        }
        return { status: 200, body: { deals: [shown] } };
      },
      '/api/deals/all': { status: 200, body: { deals: [shown, expired, off] } },
    });
    renderAt(<DealsPage isAdmin />, '/deals');

    const all = await screen.findByRole('list', { name: 'All deals' });
    expect(within(all).getByText('Shown')).toBeTruthy();
    expect(within(all).getByText('Expired')).toBeTruthy();
    expect(within(all).getByText('Hidden (not active)')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'New deal' }));
    const dialog = screen.getByRole('dialog', { name: 'New deal' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Free babyccino');
    await userEvent.type(within(dialog).getByLabelText('Website'), 'example.org/cafe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add deal' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(posts).toEqual([
      {
        title: 'Free babyccino',
        website: 'example.org/cafe',
        active: true,
        expiryDate: null,
        locationId: null,
      },
    ]);
  });

  it('lists deals at a place nearest first, with the place and its distance from the person', async () => {
    const here = { lat: 53.87213, lng: 10.69481 };
    const at = (km: number, name: string, id: string) => {
      const place = destinationPoint(here, 90, km);
      return { id, name, latitude: place.lat, longitude: place.lng };
    };
    installFakeApi({
      '/api/deals': {
        status: 200,
        body: {
          deals: [
            makeDeal({ id: 'c3c3c3c3-0000-4000-8000-000000000011', title: 'Online only' }),
            makeDeal({
              id: 'c3c3c3c3-0000-4000-8000-000000000012',
              title: 'Far cafe',
              location: at(12, 'Travemünde Strand', 'd4d4d4d4-0000-4000-8000-000000000001'),
            }),
            makeDeal({
              id: 'c3c3c3c3-0000-4000-8000-000000000013',
              title: 'Near cafe',
              location: at(0.3, 'Hanseplatz', 'd4d4d4d4-0000-4000-8000-000000000002'),
            }),
          ],
        },
      },
    });
    renderAt(<DealsPage isAdmin={false} origin={here} />, '/deals');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Near cafe',
      'Far cafe',
      'Online only',
    ]);
    expect(cards[0]?.textContent).toContain('Hanseplatz· 300 m away');
    expect(
      within(cards[0] as HTMLElement)
        .getByRole('link', { name: 'Hanseplatz' })
        .getAttribute('href'),
    ).toBe('/locations/d4d4d4d4-0000-4000-8000-000000000002');
  });
});

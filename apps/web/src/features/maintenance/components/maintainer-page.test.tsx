import type { Defect } from '@playspot/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { MaintainerPage } from './maintainer-page.tsx';
import { PlaceMaintenance } from './place-maintenance.tsx';

const AREA = 'b2b2b2b2-0000-4000-8000-000000000001';
const defect = (id: string, name: string, requestId: string | null): Defect => ({
  id,
  place: { id: `${id.slice(0, -1)}f`, name, latitude: 53.86, longitude: 10.68 },
  equipment: 'swing',
  state: 'open',
  openedAt: new Date().toISOString(),
  firstReportedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  lastConfirmedAt: new Date().toISOString(),
  parents: 2,
  photos: [{ url: 'https://playspot.example/files/a.webp', thumbnailUrl: null }],
  delivery: { state: 'sent', channels: requestId ? ['open311'] : ['email'], open311RequestId: requestId },
  reopened: false,
  resolvedAt: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MaintainerPage', () => {
  it("lists an area's open defects with photos and the Open311 id, and marks one fixed", async () => {
    let open = [
      defect('c3c3c3c3-0000-4000-8000-000000000001', 'Hanseplatz', null),
      defect('c3c3c3c3-0000-4000-8000-000000000002', 'Burgfeld', '638344'),
    ];
    const answers: unknown[] = [];
    installFakeApi({
      '/api/maintenance/areas': () => ({
        status: 200,
        body: { areas: [{ id: AREA, name: 'Stadt Lübeck', openDefects: open.length }] },
      }),
      [`/api/maintenance/areas/${AREA}/defects`]: () => ({
        status: 200,
        body: { area: { id: AREA, name: 'Stadt Lübeck' }, defects: open },
      }),
      '/api/maintenance/defects/c3c3c3c3-0000-4000-8000-000000000001/answer': ({ body }) => {
        answers.push(body);
        const [fixed] = open;
        open = open.slice(1);
        return { status: 200, body: { ...fixed, state: 'fixed', resolvedAt: new Date().toISOString() } };
      },
    });
    renderAt(<MaintainerPage placeHref={(id) => `/locations/${id}`} />, '/maintenance');
    const area = (await screen.findByRole('heading', { name: 'Stadt Lübeck' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(area).getByRole('link', { name: 'CSV for a spreadsheet' }).getAttribute('href')).toBe(
      `/api/maintenance/areas/${AREA}/defects.csv`,
    );
    expect(within(area).getByText('Sent to you · Open311 request 638344')).toBeTruthy();
    expect(within(area).getAllByRole('img', { name: /Photo of the broken swing at/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Fixed: the swing at Hanseplatz' }));
    await waitFor(() => {
      expect(screen.queryByText('Hanseplatz')).toBeNull();
    });
    expect(answers).toEqual([{ answer: 'fixed' }]);
  });

  it('says so to someone who looks after no area', async () => {
    installFakeApi({ '/api/maintenance/areas': { status: 200, body: { areas: [] } } });
    renderAt(<MaintainerPage placeHref={(id) => `/locations/${id}`} />, '/maintenance');
    expect(await screen.findByText(/You do not look after an area in PlaySpot yet/)).toBeTruthy();
  });
});

describe('PlaceMaintenance', () => {
  it('names who looks after the place and says "Fixed on <date> by <area>"', async () => {
    renderAt(
      <PlaceMaintenance
        maintenance={{
          maintainedBy: { name: 'Stadt Lübeck' },
          fixes: [{ equipment: 'swing', fixedAt: '2026-11-24T10:00:00.000Z', areaName: 'Stadt Lübeck' }],
        }}
      />,
      '/',
    );
    expect(await screen.findByText('Looked after by Stadt Lübeck')).toBeTruthy();
    expect(screen.getByText('Fixed on Nov 24, 2026 by Stadt Lübeck (swing)')).toBeTruthy();
  });

  it('shows nothing for a place in no area', async () => {
    renderAt(
      <>
        <p>the page</p>
        <PlaceMaintenance maintenance={{ maintainedBy: null, fixes: [] }} />
      </>,
      '/',
    );
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(screen.queryByTestId('place-maintenance')).toBeNull();
  });
});

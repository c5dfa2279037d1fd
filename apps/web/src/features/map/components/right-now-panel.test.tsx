import type { PlaceSummary } from '@playspot/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { RightNowPanel } from './right-now-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FROM = { lat: -36.8597, lng: 174.7752 };

/** `count` places 5 m apart in a line from the person, all within Right now’s 3 km. */
function places(count: number, from = 0): PlaceSummary[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(from + index).padStart(12, '0')}`,
    name: `Playground ${String(from + index)}`,
    lat: FROM.lat + (from + index) * 0.00005,
    lng: FROM.lng,
    indoor: false,
    free: true,
    ageRanges: [],
    upVotes: 0,
  }));
}

function panel(listPlaces: PlaceSummary[]) {
  return renderAt(
    <RightNowPanel
      open
      onClose={() => undefined}
      from={FROM}
      places={listPlaces}
      loading={false}
      age=""
      onLocateMe={() => undefined}
      onSetByHand={() => undefined}
      onShowPlace={() => undefined}
    />,
  );
}

describe('Right now (issue 45)', () => {
  it('answers from every place within its reach, page after page, not from the list’s first 50', async () => {
    let calls = 0;
    const fetchMock = installFakeApi({
      '/api/locations/summaries': () => {
        calls += 1;
        return calls === 1
          ? { status: 200, body: { items: places(200), nextCursor: 'next' } }
          : { status: 200, body: { items: places(31, 200), nextCursor: null } };
      },
    });
    panel(places(50));
    expect(await screen.findByText(/From the 231 places within 3/u)).toBeTruthy();
    const urls = fetchMock.mock.calls
      .map(([input]) => new URL(input as string, 'http://test'))
      .filter((url) => url.pathname === '/api/locations/summaries');
    expect(urls).toHaveLength(2);
    expect(urls[0]?.searchParams.get('radiusKm')).toBe('3');
    expect(urls[0]?.searchParams.get('limit')).toBe('200');
    expect(urls[1]?.searchParams.get('cursor')).toBe('next');
  });

  it('answers from the list’s places when that read fails', async () => {
    installFakeApi({
      '/api/locations/summaries': { status: 503, body: { error: { code: 'unavailable', message: 'Later' } } },
    });
    panel(places(12));
    expect(await screen.findByText(/From the 12 places within 3/u)).toBeTruthy();
  });
});

import { MY_DATA_FORMAT, type MyData } from '@playspot/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { DownloadMyDataSection } from './download-my-data.tsx';

const PLACE = '00000000-0000-4000-8000-000000000001';
const MINE: MyData = {
  format: MY_DATA_FORMAT,
  exportedAt: '2026-11-27T03:20:00.000Z',
  profile: {
    id: '00000000-0000-4000-8000-0000000000aa',
    userName: 'Sunny',
    displayName: null,
    email: 'sunny@example.org',
    photoUrl: null,
    signInProvider: 'https://accounts.example.org',
    role: 'basic',
    points: 20,
    level: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  },
  sessions: [],
  placesAdded: [
    {
      id: PLACE,
      name: 'Sunny Hill Park',
      latitude: -36.8,
      longitude: 174.7,
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
  comments: [],
  photos: [],
  votes: [],
  tagVotes: [],
  visits: [{ locationId: PLACE, locationName: 'Sunny Hill Park', visitedAt: '2026-03-02T10:00:00.000Z' }],
  factAnswers: [],
  conditionReports: [],
  conditionsEnded: [],
  reportsFiled: [],
  removalRequests: [],
  favourites: [],
  events: [],
  invitations: [],
  analyticsEvents: [],
};

/** Catches the file the page saves: its name and its text. */
function catchSavedFile() {
  const saved: { name: string; blob: Blob | null } = { name: '', blob: null };
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.blob = blob;
        return 'blob:test/my-data';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.name = this.download;
  });
  return saved;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DownloadMyDataSection', () => {
  it('downloads everything as one JSON file named for the day', async () => {
    const api = installFakeApi({ '/api/me/data': { status: 200, body: MINE } });
    const saved = catchSavedFile();
    renderAt(<DownloadMyDataSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => {
      expect(saved.name).toBe('playspot-my-data-2026-11-27.json');
    });
    expect(
      api.mock.calls.some(([input]) => typeof input === 'string' && input.endsWith('/api/me/data')),
    ).toBe(true);
    expect(saved.blob?.type).toBe('application/json');
    expect(JSON.parse((await saved.blob?.text()) ?? '')).toEqual(MINE);
  });

  it('says why when the server refuses (too many downloads), and saves nothing', async () => {
    installFakeApi({
      '/api/me/data': {
        status: 429,
        body: { error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment.' } },
      },
    });
    const saved = catchSavedFile();
    renderAt(<DownloadMyDataSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please wait a moment.');
    expect(saved.name).toBe('');
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
  });
});

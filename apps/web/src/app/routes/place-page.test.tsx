/**
 * The place page against a fake server: optimistic votes and tag votes with every spec §4
 * transition and their rollback, comments (add, edit, delete), visits and their toasts.
 */
import {
  applyPlaceVote,
  applyTagVote,
  destinationPoint,
  EMPTY_VOTE_COUNTS,
  type Comment,
  type CurrentUser,
  type Place,
  type VoteValue,
} from '@playspot/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { paths } from '../../config/paths.ts';
import { SignInDialog } from '../../features/auth/components/sign-in-dialog.tsx';
import { analytics } from '../../lib/analytics/analytics.ts';
import { installFakeGeolocation } from '../../test/fake-geolocation.ts';
import { installFakeApi, UNAUTHORIZED, type Reply, type Route } from '../../test/fake-api.ts';
import { appQueryClient, renderRoutes } from '../../test/render.tsx';
import { placeQueryOptions } from '../../lib/api/get-place.ts';
import type { QueryClient } from '@tanstack/react-query';
import { PlaceRoute } from './place-page.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const BASE = `/api/locations/${ID}`;
const NOW = new Date().toISOString();
const PHOTO_A = 'a1a1a1a1-0000-4000-8000-000000000001';
const PHOTO_B = 'a1a1a1a1-0000-4000-8000-000000000002';

const me: CurrentUser = {
  userName: 'sunny_parent',
  displayName: null,
  photoURL: null,
  role: 'basic',
  level: 2,
  points: 150,
  createdAt: NOW,
  email: null,
  leveledUp: false,
  updatedAt: NOW,
};

function comment(id: string, text: string, userName: string | null, createdAt = NOW): Comment {
  return { id, text, imageUrl: null, userName, createdAt, updatedAt: createdAt };
}

function makePlace(): Place {
  return {
    id: ID,
    name: 'Harbour View Playground',
    latitude: -36.8601,
    longitude: 174.7765,
    tags: ['Shade', 'Toilets'],
    tagVotes: { Shade: { up: 1, down: 0 }, Toilets: { up: 1, down: 0 } },
    searchKeywords: ['harbour', 'view', 'playground'],
    createdAt: NOW,
    lastUpdatedAt: NOW,
    createdByUserName: 'Aroha',
    officialWebsite: 'https://example.org/',
    description: 'A big wooden fort.',
    votes: { up: 3, down: 1 },
    myVote: null,
    myTagVotes: {},
    verifiedUpVotes: { place: 0, tags: {} },
    canEdit: false,
    imageUrls: ['/api/files/a.webp'],
    imageMetaData: [
      {
        id: PHOTO_A,
        url: '/api/files/a.webp',
        uploadedBy: { userName: 'Aroha' },
        lastUpdatedAt: NOW,
        canDelete: false,
      },
    ],
    visitCount: 0,
    lastVisitedAt: null,
    myLastVisitAt: null,
    ageRanges: ['2-5'],
    indoor: false,
    free: true,
    commentCount: 2,
    source: 'osm',
    licence: 'ODbL-1.0',
    attribution: null,
    comments: [
      comment(
        '22222222-2222-4222-8222-222222222222',
        'Older tip from someone else',
        'Other',
        '2026-01-01T00:00:00.000Z',
      ),
      comment('33333333-3333-4333-8333-333333333333', 'My own newer tip', 'sunny_parent'),
    ],
  };
}

const failure = (status: number, message: string): Reply => ({
  status,
  body: { error: { code: 'x', message } },
});

let server: Place;
let track: MockInstance<typeof analytics.track>;

/** A stateful fake of the place endpoints, built on core's transitions like the server. */
function setUp(
  options: {
    signedIn?: boolean;
    routes?: Record<string, Route>;
    place?: Partial<Place>;
    client?: QueryClient;
  } = {},
) {
  server = { ...makePlace(), ...options.place };
  const fetchMock = installFakeApi({
    '/api/me': options.signedIn === false ? UNAUTHORIZED : { status: 200, body: me },
    '/api/me/points': {
      status: 200,
      body: { points: 150, level: 2, pointsToNextLevel: 150, levelProgress: 0.25 },
    },
    [BASE]: () => ({ status: 200, body: server }),
    [`${BASE}/vote`]: ({ body }) => {
      const { vote } = body as { vote: VoteValue };
      const result = applyPlaceVote(server.votes, server.myVote, vote);
      server = { ...server, votes: result.counts, myVote: result.vote };
      return { status: 200, body: { votes: server.votes, myVote: server.myVote } };
    },
    [`${BASE}/tag-votes`]: ({ body }) => {
      const { tag, vote } = body as { tag: string; vote: VoteValue };
      const result = applyTagVote(
        server.tagVotes[tag] ?? EMPTY_VOTE_COUNTS,
        server.myTagVotes[tag] ?? null,
        vote,
      );
      const myTagVotes = Object.fromEntries(Object.entries(server.myTagVotes).filter(([key]) => key !== tag));
      if (result.vote) myTagVotes[tag] = result.vote;
      server = { ...server, tagVotes: { ...server.tagVotes, [tag]: result.counts }, myTagVotes };
      return { status: 200, body: { tag, counts: result.counts, myVote: result.vote } };
    },
    ...options.routes,
  });
  renderRoutes(
    [
      {
        path: paths.place.pattern,
        element: (
          <>
            <PlaceRoute />
            <SignInDialog />
            <ToastContainer />
          </>
        ),
      },
    ],
    paths.place.build(ID),
    options.client,
  );
  return fetchMock;
}

/** How many requests went to exactly `path` (apiRequest passes the URL as a string). */
const calls = (fetchMock: ReturnType<typeof installFakeApi>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => input === path).length;

const thumb = (side: 'up' | 'down') =>
  screen.getByRole('button', { name: side === 'up' ? /^Thumbs up/ : /^Thumbs down/ });
const tagButton = (tag: string, side: 'Agree' | 'Disagree') =>
  screen.getByRole('button', { name: new RegExp(`^${side} with “${tag}”`) });

beforeEach(() => {
  track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
  // handleError logs for developers; the toasts are what these tests check.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('location page', () => {
  it('shows the place, its OSM credit and records view_location', async () => {
    setUp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour View Playground' })).toBeTruthy();
    expect(screen.getByText(/© OpenStreetMap contributors/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Harbour View Playground' })).toBeTruthy();
    expect(track).toHaveBeenCalledWith('view_location', { location_id: ID, source: 'page' });
    // Newest first.
    const texts = screen.getAllByTestId('comment').map((item) => item.textContent);
    expect(texts[0]).toContain('My own newer tip');
    expect(texts[1]).toContain('Older tip from someone else');
  });

  it('reads the page in one request, and none of its parts again (issue 42)', async () => {
    // With the app's own query defaults: its answers stay fresh for a while.
    const fetchMock = setUp({ client: appQueryClient() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour View Playground' })).toBeTruthy();
    await screen.findAllByTestId('comment');
    // Long enough for any section's own read to have started.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(fetchMock, `${BASE}/page`)).toBe(1);
    for (const part of ['', '/facts', '/equipment', '/conditions', '/events'])
      expect(calls(fetchMock, `${BASE}${part}`), `${BASE}${part}`).toBe(0);
    const summaries = fetchMock.mock.calls.filter(
      ([input]) => typeof input === 'string' && input.startsWith('/api/locations/summaries'),
    );
    expect(summaries, 'the landmark comes with the page').toEqual([]);
  });

  it('shows a place already read (the map card) at once, its sections waiting for the one read', async () => {
    const client = appQueryClient();
    client.setQueryData(placeQueryOptions(ID).queryKey, makePlace());
    const fetchMock = setUp({ client });
    expect(screen.getByRole('heading', { level: 1, name: 'Harbour View Playground' })).toBeTruthy();
    await waitFor(() => {
      expect(calls(fetchMock, `${BASE}/page`)).toBe(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const part of ['/facts', '/equipment', '/conditions', '/events'])
      expect(calls(fetchMock, `${BASE}${part}`), `${BASE}${part}`).toBe(0);
  });

  it("falls back to the place's own read when the page read fails", async () => {
    const fetchMock = setUp({ routes: { [`${BASE}/page`]: failure(500, 'Down for a moment') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour View Playground' })).toBeTruthy();
    expect(calls(fetchMock, BASE)).toBeGreaterThan(0);
  });

  it('says where it is from the nearest named place, shows a small map, and credits the source', async () => {
    const landmark = destinationPoint({ lat: -36.8601, lng: 174.7765 }, 135, 0.24);
    setUp({
      routes: {
        '/api/locations/summaries': {
          status: 200,
          body: {
            items: [
              {
                id: ID,
                name: 'Harbour View Playground',
                lat: -36.8601,
                lng: 174.7765,
                indoor: false,
                free: true,
                ageRanges: [],
                upVotes: 0,
              },
              {
                id: '66666666-6666-4666-8666-666666666666',
                name: 'Playground, Jervois Road',
                lat: landmark.lat,
                lng: landmark.lng,
                indoor: false,
                free: null,
                ageRanges: [],
                upVotes: 0,
              },
              {
                id: '77777777-7777-4777-8777-777777777777',
                name: 'Pt Erin Pool',
                lat: landmark.lat,
                lng: landmark.lng,
                indoor: false,
                free: null,
                ageRanges: [],
                upVotes: 0,
              },
            ],
            nextCursor: null,
          },
        },
      },
    });
    await screen.findByRole('heading', { level: 1 });
    // From the landmark to the place: 240 m the other way (north-west).
    expect(await screen.findByText('240 m north-west of Pt Erin Pool')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Play spots around here' }).getAttribute('href')).toBe(
      '/MapView?lat=-36.860100&lng=174.776500',
    );
    expect(screen.getByText(/From OpenStreetMap · ODbL-1\.0/u)).toBeTruthy();
    expect(screen.queryByText(/Added by/u)).toBeNull();
  });

  it('offers "Edit this place" only when the server says the caller may edit', async () => {
    setUp({ place: { canEdit: true } });
    const edit = await screen.findByRole('link', { name: 'Edit this place' });
    expect(edit.getAttribute('href')).toBe(paths.editPlace.build(ID));
  });

  it('hides "Edit this place" from everyone else', async () => {
    setUp({ place: { canEdit: false } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour View Playground' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit this place' })).toBeNull();
  });

  it('opens the full-size viewer with who shared each photo, and moves with the arrow keys', async () => {
    setUp({
      place: {
        imageUrls: ['/api/files/a.webp', '/api/files/b.webp'],
        imageMetaData: [
          {
            id: PHOTO_A,
            url: '/api/files/a.webp',
            uploadedBy: { userName: 'Aroha' },
            lastUpdatedAt: '2026-01-01T00:00:00.000Z',
            canDelete: false,
          },
          {
            id: PHOTO_B,
            canDelete: false,
            url: '/api/files/b.webp',
            thumbnailUrl: '/api/files/b-small.webp',
            uploadedBy: { userName: null },
            lastUpdatedAt: NOW,
          },
        ],
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    // Newest first: b (today) is the hero, a (January) second.
    await user.click(screen.getByRole('button', { name: 'Photo 2 of 2 of Harbour View Playground' }));
    const viewer = await screen.findByRole('dialog', { name: 'Harbour View Playground' });
    expect(within(viewer).getByText('Photo 2 of 2 · Shared by Aroha')).toBeTruthy();
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/api/files/a.webp');
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('Photo 1 of 2 · Shared by a parent')).toBeTruthy();
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/api/files/b.webp');
    await user.click(within(viewer).getByRole('button', { name: 'Previous photo' }));
    expect(within(viewer).getByText('Photo 2 of 2 · Shared by Aroha')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('shows photos shared with a comment in the gallery too, newest first, naming who shared them', async () => {
    setUp({
      place: {
        imageUrls: ['/api/files/a.webp', '/api/files/c.webp'],
        imageMetaData: [
          {
            id: PHOTO_A,
            url: '/api/files/a.webp',
            uploadedBy: { userName: 'Aroha' },
            lastUpdatedAt: '2026-01-01T00:00:00.000Z',
            canDelete: false,
          },
          {
            id: PHOTO_B,
            url: '/api/files/c.webp',
            commentId: '33333333-3333-4333-8333-333333333333',
            uploadedBy: { userName: 'sunny_parent' },
            lastUpdatedAt: NOW,
            canDelete: false,
          },
        ],
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/No photos yet/)).toBeNull();
    const [hero] = screen.getAllByRole('img', { name: 'Photo 1 of 2 of Harbour View Playground' });
    expect(hero?.getAttribute('src')).toBe('/api/files/c.webp');
    await user.click(
      screen.getByRole('button', { name: 'Open photo 1 of 2 of harbour view playground full size' }),
    );
    const viewer = await screen.findByRole('dialog', { name: 'Harbour View Playground' });
    expect(within(viewer).getByText('Photo 1 of 2 · Shared by sunny_parent with a comment')).toBeTruthy();
  });

  it('applies location votes: first adds, repeat does nothing (and sends nothing), switch moves', async () => {
    const fetchMock = setUp();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });

    await user.click(thumb('up'));
    expect(thumb('up').getAttribute('aria-pressed')).toBe('true');
    expect(thumb('up').getAttribute('aria-label')).toBe('Thumbs up, 4 votes');
    await waitFor(() => {
      expect(calls(fetchMock, `${BASE}/vote`)).toBe(1);
    });

    await user.click(thumb('up'));
    expect(thumb('up').getAttribute('aria-label')).toBe('Thumbs up, 4 votes');
    expect(calls(fetchMock, `${BASE}/vote`)).toBe(1);

    await user.click(thumb('down'));
    await waitFor(() => {
      expect(thumb('down').getAttribute('aria-pressed')).toBe('true');
    });
    expect(thumb('down').getAttribute('aria-label')).toBe('Thumbs down, 2 votes');
    expect(thumb('up').getAttribute('aria-label')).toBe('Thumbs up, 3 votes');
    expect(thumb('up').getAttribute('aria-pressed')).toBe('false');
  });

  it('shows a vote before the server answers (optimistic), then keeps the server’s counts', async () => {
    const fetchMock = setUp();
    const answerLater = fetchMock.getMockImplementation();
    const waiting: (() => void)[] = [];
    fetchMock.mockImplementation((input, init) => {
      if (input !== `${BASE}/vote`) return answerLater?.(input, init) ?? Promise.reject(new Error('no fake'));
      const { vote } = JSON.parse(init?.body as string) as { vote: VoteValue };
      const answer =
        vote === 'up'
          ? { votes: { up: 10, down: 1 }, myVote: 'up' }
          : { votes: { up: 9, down: 2 }, myVote: 'down' };
      return new Promise<Response>((resolve) => {
        waiting.push(() => {
          resolve(
            new Response(JSON.stringify(answer), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          );
        });
      });
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await user.click(thumb('up'));
    // The server has not answered yet.
    expect(thumb('up').getAttribute('aria-pressed')).toBe('true');
    expect(thumb('up').getAttribute('aria-label')).toBe('Thumbs up, 4 votes');
    // A second tap while the first is on its way is shown at once and sent after its answer.
    await user.click(thumb('down'));
    expect(thumb('down').getAttribute('aria-pressed')).toBe('true');
    expect(calls(fetchMock, `${BASE}/vote`)).toBe(1);
    waiting.shift()?.();
    await waitFor(() => {
      expect(calls(fetchMock, `${BASE}/vote`)).toBe(2);
    });
    expect(thumb('down').getAttribute('aria-pressed')).toBe('true');
    waiting.shift()?.();
    await waitFor(() => {
      expect(thumb('down').getAttribute('aria-label')).toBe('Thumbs down, 2 votes');
    });
    expect(calls(fetchMock, `${BASE}/vote`)).toBe(2);
  });

  it('rolls a failed location vote back with a toast', async () => {
    setUp({ routes: { [`${BASE}/vote`]: failure(500, 'Database down') } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await user.click(thumb('up'));
    expect(await screen.findByText('Your vote was not saved. Please try again.')).toBeTruthy();
    expect(thumb('up').getAttribute('aria-pressed')).toBe('false');
    expect(thumb('up').getAttribute('aria-label')).toBe('Thumbs up, 3 votes');
  });

  it('says how many visitors this month like the place and each tag, verified tags first', async () => {
    setUp({ place: { verifiedUpVotes: { place: 3, tags: { Toilets: 2 } } } });
    expect(await screen.findByText('3 visitors this month like it')).toBeTruthy();
    expect(screen.getByText('2 visitors this month agree')).toBeTruthy();
    const tags = screen.getAllByTestId(/^tag-/u).map((row) => row.getAttribute('data-testid'));
    expect(tags).toEqual(['tag-Toilets', 'tag-Shade']);
  });

  it('applies tag votes: first adds, repeat withdraws, different replaces', async () => {
    setUp();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });

    await user.click(tagButton('Shade', 'Agree'));
    expect(tagButton('Shade', 'Agree').getAttribute('aria-label')).toBe('Agree with “Shade”, 2 votes');
    expect(tagButton('Shade', 'Agree').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => {
      expect(server.myTagVotes.Shade).toBe('up');
    });

    await user.click(tagButton('Shade', 'Agree'));
    expect(tagButton('Shade', 'Agree').getAttribute('aria-label')).toBe('Agree with “Shade”, 1 vote');
    expect(tagButton('Shade', 'Agree').getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => {
      expect(server.myTagVotes.Shade).toBeUndefined();
    });

    await user.click(tagButton('Shade', 'Disagree'));
    expect(tagButton('Shade', 'Disagree').getAttribute('aria-label')).toBe('Disagree with “Shade”, 1 vote');
    await waitFor(() => {
      expect(server.myTagVotes.Shade).toBe('down');
    });

    await user.click(tagButton('Shade', 'Agree'));
    expect(tagButton('Shade', 'Agree').getAttribute('aria-label')).toBe('Agree with “Shade”, 2 votes');
    expect(tagButton('Shade', 'Disagree').getAttribute('aria-label')).toBe('Disagree with “Shade”, 0 votes');
    expect(tagButton('Shade', 'Disagree').getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => {
      expect(server.tagVotes.Shade).toEqual({ up: 2, down: 0 });
    });
    // Other tags are untouched.
    expect(tagButton('Toilets', 'Agree').getAttribute('aria-label')).toBe('Agree with “Toilets”, 1 vote');
  });

  it('keeps a tap made while the last tag vote is on its way: the vote it leaves is sent next', async () => {
    setUp();
    await screen.findByRole('heading', { level: 1 });
    // Disagree, then at once Agree (a parent changing their mind): two requests, in order.
    fireEvent.click(tagButton('Shade', 'Disagree'));
    fireEvent.click(tagButton('Shade', 'Agree'));
    await waitFor(() => {
      expect(tagButton('Shade', 'Agree').getAttribute('aria-pressed')).toBe('true');
    });
    await waitFor(() => {
      expect(server.myTagVotes.Shade).toBe('up');
    });
    expect(server.tagVotes.Shade).toEqual({ up: 2, down: 0 });
    await waitFor(() => {
      expect(tagButton('Shade', 'Agree').getAttribute('aria-label')).toBe('Agree with “Shade”, 2 votes');
    });
    // Agree twice at once: the second withdraws the first.
    fireEvent.click(tagButton('Toilets', 'Agree'));
    fireEvent.click(tagButton('Toilets', 'Agree'));
    await waitFor(() => {
      expect(tagButton('Toilets', 'Agree').getAttribute('aria-pressed')).toBe('false');
    });
    await waitFor(() => {
      expect(server.myTagVotes.Toilets).toBeUndefined();
    });
    expect(tagButton('Toilets', 'Agree').getAttribute('aria-label')).toBe('Agree with “Toilets”, 1 vote');
  });

  it('rolls a failed tag vote back with a toast', async () => {
    setUp({ routes: { [`${BASE}/tag-votes`]: failure(500, 'Oops') } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await user.click(tagButton('Toilets', 'Disagree'));
    expect(await screen.findByText('Your vote on “Toilets” was not saved. Please try again.')).toBeTruthy();
    expect(tagButton('Toilets', 'Disagree').getAttribute('aria-pressed')).toBe('false');
    expect(tagButton('Toilets', 'Disagree').getAttribute('aria-label')).toBe(
      'Disagree with “Toilets”, 0 votes',
    );
  });

  it('opens the sign-in dialog instead of voting when signed out', async () => {
    const fetchMock = setUp({ signedIn: false });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await user.click(thumb('up'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(calls(fetchMock, `${BASE}/vote`)).toBe(0);
    expect(track).toHaveBeenCalledWith('open_auth_modal', { source: 'location_vote' });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Sign in to comment' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(track).toHaveBeenCalledWith('open_auth_modal', { source: 'add_comment' });
    // No edit or delete buttons for someone signed out.
    expect(screen.queryByRole('button', { name: 'Edit your comment' })).toBeNull();
  });

  it('adds a comment with points, edits and deletes the own one', async () => {
    const added = comment('44444444-4444-4444-8444-444444444444', 'Brand new tip', 'sunny_parent');
    setUp({
      routes: {
        [`${BASE}/comments`]: ({ body }) => {
          expect(body).toEqual({ text: 'Brand new tip' });
          server = { ...server, comments: [added, ...(server.comments ?? [])], commentCount: 3 };
          return {
            status: 201,
            body: { comment: added, reward: { change: 100, points: 250, level: 2, leveledUp: false } },
          };
        },
        [`${BASE}/comments/33333333-3333-4333-8333-333333333333`]: ({ method, body }) =>
          method === 'PATCH'
            ? {
                status: 200,
                body: {
                  ...comment(
                    '33333333-3333-4333-8333-333333333333',
                    (body as { text: string }).text,
                    'sunny_parent',
                  ),
                  updatedAt: new Date(Date.now() + 1000).toISOString(),
                },
              }
            : {
                status: 200,
                body: { deleted: true, reward: { change: -100, points: 150, level: 2, leveledUp: false } },
              },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });

    // Only the own comment can be edited; a basic user cannot delete someone else's.
    expect(await screen.findAllByRole('button', { name: 'Edit your comment' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Delete the comment by Other/ })).toBeNull();

    await user.type(await screen.findByLabelText('Share a tip with other parents'), 'Brand new tip');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('+100 points')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getAllByTestId('comment')[0]?.textContent).toContain('Brand new tip');
    });
    expect(track).toHaveBeenCalledWith('add_comment', { location_id: ID, with_photo: false });

    const own = screen
      .getAllByTestId('comment')
      .find((item) => item.textContent.includes('My own newer tip'));
    if (!own) throw new Error('own comment missing');
    await user.click(within(own).getByRole('button', { name: 'Edit your comment' }));
    const editor = within(own).getByLabelText('Edit your comment');
    await user.clear(editor);
    await user.type(editor, 'Edited tip');
    await user.click(within(own).getByRole('button', { name: 'Save' }));
    expect(await within(own).findByText('Edited tip')).toBeTruthy();
    expect(own.textContent).toContain('edited');

    await user.click(within(own).getByRole('button', { name: 'Delete your comment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete comment' }));
    expect(await screen.findByText('Comment deleted.')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByText('Edited tip')).toBeNull();
    });
    expect(screen.getByText('−100 points · 150 in total')).toBeTruthy();
  });

  it('lets a moderator delete anyone’s comment', async () => {
    setUp({ routes: { '/api/me': { status: 200, body: { ...me, role: 'moderator' } } } });
    await screen.findByRole('heading', { level: 1 });
    expect(await screen.findByRole('button', { name: 'Delete the comment by Other' })).toBeTruthy();
    // Moderators remove, they do not rewrite: no edit on someone else's words.
    expect(screen.getAllByRole('button', { name: 'Edit your comment' })).toHaveLength(1);
  });

  it('shows an empty comment as a field error, not a request', async () => {
    const fetchMock = setUp();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Post comment' }));
    expect(screen.getByText('Write a few words first.')).toBeTruthy();
    expect(calls(fetchMock, `${BASE}/comments`)).toBe(0);
  });

  it('logs a visit with the device reading, then says "You were here today"; a refused one says why', async () => {
    const geo = installFakeGeolocation('granted');
    const sent: unknown[] = [];
    setUp({
      routes: {
        [`${BASE}/visits`]: ({ body }) => {
          sent.push(body);
          return sent.length === 1
            ? failure(422, 'You need to be at the place to log a visit — you are 17 764 km away.')
            : { status: 201, body: { visitCount: 1, lastVisitedAt: new Date().toISOString() } };
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByTestId('visit-summary').textContent).toBe('No visits logged yet.');
    const answerReading = async (calls: number) => {
      await waitFor(() => {
        expect(geo.getCurrentPosition).toHaveBeenCalledTimes(calls);
      });
      act(() => {
        geo.succeed(-36.8484, 174.7622, 14);
      });
    };
    // The page reads the position the browser already allows (for the distance).
    await answerReading(1);

    await user.click(screen.getByRole('button', { name: 'I was here' }));
    await answerReading(2);
    expect(
      await screen.findByText('You need to be at the place to log a visit — you are 17 764 km away.'),
    ).toBeTruthy();
    expect(sent).toEqual([{ lat: -36.8484, lng: 174.7622, accuracy: 14 }]);
    expect(screen.getByTestId('visit-summary').textContent).toBe('No visits logged yet.');

    await user.click(screen.getByRole('button', { name: 'I was here' }));
    await answerReading(3);
    expect(await screen.findByText('Thanks! Your visit is logged.')).toBeTruthy();
    expect(screen.getByTestId('visit-summary').textContent).toContain('1 visit');
    expect(screen.getByTestId('visit-logged').textContent).toBe('You were here today');
    expect(screen.queryByRole('button', { name: 'I was here' })).toBeNull();
    expect(track).toHaveBeenCalledWith('location_visited', { location_id: ID });
    geo.remove();
  });

  it('sends a removal request with its reason and records removal_request', async () => {
    let sent: unknown = null;
    setUp({
      routes: {
        '/api/removal-requests': ({ body }) => {
          sent = body;
          return {
            status: 201,
            body: {
              removalRequest: {
                id: '55555555-5555-4555-8555-555555555555',
                locationId: ID,
                locationName: 'Harbour View Playground',
                type: 'location',
                status: 'pending',
                reason: 'Closed for good',
                createdAt: NOW,
              },
            },
          };
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Request removal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request removal' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Closed for good');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Thank you. A moderator will look at your request.')).toBeTruthy();
    expect(sent).toEqual({ locationId: ID, reason: 'Closed for good' });
    expect(track).toHaveBeenCalledWith('removal_request', { location_id: ID, type: 'location' });
    // Asked once: the place says so instead of offering to ask again.
    expect(screen.getByTestId('removal-pending').textContent).toBe(
      'Removal requested: a moderator will decide',
    );
    expect(screen.queryByRole('button', { name: 'Request removal' })).toBeNull();
  });

  it('says so when the person already has a pending request for the place', async () => {
    setUp({
      routes: {
        '/api/me/removal-requests': {
          status: 200,
          body: {
            removalRequests: [
              {
                id: '55555555-5555-4555-8555-555555555555',
                locationId: ID,
                locationName: 'Harbour View Playground',
                type: 'location',
                status: 'pending',
                reason: 'Closed for good',
                createdAt: NOW,
              },
            ],
          },
        },
      },
    });
    expect(await screen.findByTestId('removal-pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request removal' })).toBeNull();
  });
});

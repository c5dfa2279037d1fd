/**
 * Reporting a photo or a comment, and deleting a photo, on the place page against a fake
 * server: the reasons offered, what is sent, the thanks, the confirmation before deleting,
 * and who is offered what.
 */
import type { Comment, CurrentUser, Place } from '@playspot/core';
import { makePlace } from '@playspot/core/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths.ts';
import { SignInDialog } from '../../features/auth/components/sign-in-dialog.tsx';
import { analytics } from '../../lib/analytics/analytics.ts';
import { installFakeApi, UNAUTHORIZED, type Route } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PlaceRoute } from './place-page.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const PHOTO_ID = 'a1a1a1a1-0000-4000-8000-000000000001';
const COMMENT_ID = '22222222-2222-4222-8222-222222222222';
const NOW = new Date().toISOString();

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

const othersComment: Comment = {
  id: COMMENT_ID,
  text: 'Buy cheap sunglasses here',
  imageUrl: null,
  userName: 'spammer',
  createdAt: NOW,
  updatedAt: NOW,
};
const ownComment: Comment = {
  ...othersComment,
  id: '33333333-3333-4333-8333-333333333333',
  userName: 'sunny_parent',
};

function place(canDelete: boolean, uploadedBy = 'Aroha'): Place {
  return makePlace({
    id: ID,
    name: 'Harbour View Playground',
    imageUrls: ['/api/files/a.webp'],
    imageMetaData: [
      {
        id: PHOTO_ID,
        url: '/api/files/a.webp',
        uploadedBy: { userName: uploadedBy },
        lastUpdatedAt: NOW,
        canDelete,
      },
    ],
    commentCount: 2,
    comments: [othersComment, ownComment],
  });
}

function setUp(options: { place: Place; signedIn?: boolean; routes?: Record<string, Route> }) {
  let server = options.place;
  const fetchMock = installFakeApi({
    '/api/me': options.signedIn === false ? UNAUTHORIZED : { status: 200, body: me },
    '/api/me/points': {
      status: 200,
      body: { points: 150, level: 2, pointsToNextLevel: 150, levelProgress: 0.25 },
    },
    [`/api/locations/${ID}`]: () => ({ status: 200, body: server }),
    [`/api/locations/${ID}/photos/${PHOTO_ID}`]: () => {
      server = { ...server, imageUrls: [], imageMetaData: [] };
      return {
        status: 200,
        body: { deleted: true, reward: { change: -100, points: 50, level: 1, leveledUp: false } },
      };
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
  );
  return fetchMock;
}

/** A fake POST /api/reports that records what it was sent. */
function reportsRoute(sent: unknown[]): Route {
  return ({ body }) => {
    sent.push(body);
    const { targetType, targetId, reason } = body as { targetType: string; targetId: string; reason: string };
    return {
      status: 201,
      body: {
        report: {
          id: '99999999-9999-4999-8999-999999999999',
          targetType,
          targetId,
          reason,
          note: null,
          createdAt: NOW,
        },
        alreadyReported: false,
      },
    };
  };
}

async function openViewer() {
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: /open photo of harbour view playground full size/i }),
  );
  return { user, viewer: await screen.findByRole('dialog', { name: 'Harbour View Playground' }) };
}

beforeEach(() => {
  vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reporting', () => {
  it("reports a photo with the reason picked, and thanks the person; no 'Delete photo' for them", async () => {
    const sent: unknown[] = [];
    setUp({ place: place(false), routes: { '/api/reports': reportsRoute(sent) } });
    const { user, viewer } = await openViewer();
    expect(within(viewer).queryByRole('button', { name: 'Delete photo' })).toBeNull();
    await user.click(within(viewer).getByRole('button', { name: 'Report' }));

    const dialog = await screen.findByRole('dialog', { name: 'Report this photo' });
    const reasons = within(dialog).getAllByRole('radio');
    // The most likely reason for a photo first.
    expect(reasons.map((radio) => radio.closest('label')?.textContent)).toEqual([
      "Shows a child's face",
      'Spam or abuse',
      'Wrong information',
      'Something else',
    ]);
    // No reason picked yet: a field error, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Pick the reason that fits best.');
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: "Shows a child's face" }));
    await user.type(within(dialog).getByLabelText(/Anything the moderators should know/), 'My daughter');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks — a moderator will look at it.')).toBeTruthy();
    expect(sent).toEqual([
      { targetType: 'photo', targetId: PHOTO_ID, reason: 'child-face', note: 'My daughter' },
    ]);
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Report this photo' })).toBeNull();
    });
  });

  it('reports a photo shared with a comment as that comment, and says so in the dialog', async () => {
    const sent: unknown[] = [];
    const withCommentPhoto = makePlace({
      ...place(false),
      imageMetaData: [
        {
          id: PHOTO_ID,
          url: '/api/files/a.webp',
          commentId: COMMENT_ID,
          uploadedBy: { userName: 'spammer' },
          lastUpdatedAt: NOW,
          canDelete: false,
        },
      ],
    });
    setUp({ place: withCommentPhoto, routes: { '/api/reports': reportsRoute(sent) } });
    const { user, viewer } = await openViewer();
    await user.click(within(viewer).getByRole('button', { name: 'Report' }));

    const dialog = await screen.findByRole('dialog', { name: 'Report this photo and its comment' });
    expect(dialog.textContent).toContain(
      'This photo was shared with a comment by spammer. The comment and its photo are reported together, and a moderator sees both.',
    );
    // A photo's reasons, a child's face first.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(["Shows a child's face", 'Spam or abuse', 'Wrong information', 'Something else']);
    await user.click(within(dialog).getByRole('radio', { name: "Shows a child's face" }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks — a moderator will look at it.')).toBeTruthy();
    // The server takes no report on a comment's photo alone (404): the comment is reported.
    expect(sent).toEqual([{ targetType: 'comment', targetId: COMMENT_ID, reason: 'child-face', note: '' }]);
  });

  it('reports someone else’s comment, never one’s own', async () => {
    const sent: unknown[] = [];
    setUp({ place: place(false), routes: { '/api/reports': reportsRoute(sent) } });
    const user = userEvent.setup();
    // Once the person is known, their own comment offers Edit instead of Report.
    await screen.findByRole('button', { name: 'Edit your comment' });
    const comments = screen.getAllByTestId('comment');
    const own = comments.find((item) => item.textContent.includes('sunny_parent'));
    expect(own && within(own).queryByRole('button', { name: /Report/ })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Report the comment by spammer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the comment by spammer' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or abuse' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks — a moderator will look at it.')).toBeTruthy();
    expect(sent).toEqual([
      { targetType: 'comment', targetId: COMMENT_ID, reason: 'spam-or-abuse', note: '' },
    ]);
  });

  it('asks a signed-out person to sign in first', async () => {
    const fetchMock = setUp({ place: place(false), signedIn: false });
    const { user, viewer } = await openViewer();
    await user.click(within(viewer).getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: /Sign in/ })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/reports')).toBe(false);
  });
});

describe('deleting a photo', () => {
  it('asks first, then deletes the photo, says so and takes the points back', async () => {
    const fetchMock = setUp({ place: place(true, 'sunny_parent') });
    const { user, viewer } = await openViewer();
    await user.click(within(viewer).getByRole('button', { name: 'Delete photo' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    expect(confirm.textContent).toContain('the 100 points it earned are taken back');
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(viewer).getByRole('button', { name: 'Delete photo' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this photo?' })).getByRole('button', {
        name: 'Delete photo',
      }),
    );
    expect(await screen.findByText('Photo deleted.')).toBeTruthy();
    expect(await screen.findByText('−100 points · 50 in total')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Harbour View Playground' })).toBeNull();
    });
    expect(screen.getByText(/No photos yet/)).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(
        ([url, init]) => url === `/api/locations/${ID}/photos/${PHOTO_ID}` && init?.method === 'DELETE',
      ),
    ).toHaveLength(1);
  });
});

import type { ModerationRequest, RemovalRequest } from '@playspot/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { ModerationPage } from './moderation-page.tsx';

const PLACE_ID = 'd4d4d4d4-0000-4000-8000-000000000001';
const REQUEST_ID = 'e5e5e5e5-0000-4000-8000-000000000001';

const placeRequest: ModerationRequest = {
  id: REQUEST_ID,
  locationId: PLACE_ID,
  type: 'location',
  status: 'pending',
  reason: 'Fenced off for rebuilding.',
  createdAt: '2026-11-01T00:00:00.000Z',
  requesterUserName: 'pat_parent',
  locationName: 'Grey Lynn Park Playground',
  accountUserName: null,
  decidedAt: null,
  decidedByUserName: null,
  decisionNote: null,
};

const ownRequest: RemovalRequest = {
  id: 'e5e5e5e5-0000-4000-8000-000000000002',
  locationId: PLACE_ID,
  locationName: 'Grey Lynn Park Playground',
  type: 'location',
  status: 'rejected',
  reason: 'It closed.',
  createdAt: '2026-11-01T00:00:00.000Z',
};

function setUp() {
  let pending = [placeRequest];
  const decisions: unknown[] = [];
  const fetchMock = installFakeApi({
    '/api/moderation/removal-requests': (): Reply => ({ status: 200, body: { removalRequests: pending } }),
    [`/api/moderation/removal-requests/${REQUEST_ID}/decision`]: ({ body }): Reply => {
      decisions.push(body);
      pending = [];
      return { status: 200, body: { removalRequest: { ...placeRequest, status: 'rejected' } } };
    },
    '/api/moderation/audit-log': { status: 200, body: { entries: [] } },
    '/api/me/removal-requests': { status: 200, body: { removalRequests: [ownRequest] } },
  });
  return { decisions, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ModerationPage', () => {
  it('tells a signed-out person politely that it is for moderators, and offers sign-in', async () => {
    const { fetchMock } = setUp();
    const onSignIn = vi.fn();
    renderAt(<ModerationPage role={null} onSignIn={onSignIn} />, '/moderation');
    expect(screen.getByRole('heading', { name: 'This page is for moderators' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to see your requests' }));
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(
      fetchMock.mock.calls.some(([url]) => typeof url === 'string' && url.includes('/api/moderation')),
    ).toBe(false);
  });

  it('shows a basic user their own requests’ status, and never the queue', async () => {
    const { fetchMock } = setUp();
    renderAt(<ModerationPage role="basic" onSignIn={vi.fn()} />, '/moderation');
    expect(screen.getByRole('heading', { name: 'This page is for moderators' })).toBeTruthy();
    const own = await screen.findByRole('list', { name: 'Your removal requests' });
    expect(within(own).getByText('Declined')).toBeTruthy();
    expect(within(own).getByRole('link', { name: 'Remove Grey Lynn Park Playground' })).toBeTruthy();
    expect(screen.queryByText('Fenced off for rebuilding.')).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url]) => typeof url === 'string' && url.includes('/api/moderation')),
    ).toBe(false);
  });

  it('lets a moderator reject with a note, and empties the queue', async () => {
    const { decisions } = setUp();
    renderAt(<ModerationPage role="moderator" onSignIn={vi.fn()} />, '/moderation');
    const card = await screen.findByRole('article', { name: 'Grey Lynn Park Playground' });
    expect(within(card).getByText('Fenced off for rebuilding.')).toBeTruthy();
    expect(within(card).getByText('pat_parent')).toBeTruthy();
    await userEvent.type(within(card).getByLabelText('Note for the audit log (optional)'), 'Still open.');
    await userEvent.click(
      within(card).getByRole('button', { name: 'Reject the request about Grey Lynn Park Playground' }),
    );
    expect(await screen.findByText('All caught up: nothing is waiting.')).toBeTruthy();
    expect(decisions).toEqual([{ decision: 'reject', note: 'Still open.' }]);
  });

  it('asks once more before an approval deletes the place', async () => {
    const { decisions } = setUp();
    renderAt(<ModerationPage role="admin" onSignIn={vi.fn()} />, '/moderation');
    const card = await screen.findByRole('article', { name: 'Grey Lynn Park Playground' });
    await userEvent.click(
      within(card).getByRole('button', { name: 'Approve removing Grey Lynn Park Playground' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Remove this place?' });
    expect(decisions).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove the place' }));
    await waitFor(() => {
      expect(decisions).toEqual([{ decision: 'approve', note: '' }]);
    });
  });
});

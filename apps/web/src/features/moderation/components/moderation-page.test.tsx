import type { AuditEntry, ModerationRequest, RemovalRequest, ReportedItem } from '@playspot/core';
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

const PHOTO_ID = 'f6f6f6f6-0000-4000-8000-000000000001';

const reportedPhoto: ReportedItem = {
  targetType: 'photo',
  targetId: PHOTO_ID,
  locationId: PLACE_ID,
  locationName: 'Grey Lynn Park Playground',
  photo: {
    url: '/api/files/locations/p/a.webp',
    thumbnailUrl: '/api/files/locations/p/thumb_a.webp',
    uploadedByUserName: 'ana_uploader',
  },
  comment: null,
  reasons: [
    { reason: 'child-face', count: 2 },
    { reason: 'other', count: 1 },
  ],
  notes: ['That is my son'],
  reporterCount: 3,
  hidden: true,
  firstReportedAt: '2026-11-01T00:00:00.000Z',
  lastReportedAt: '2026-11-02T00:00:00.000Z',
};

const reportAudit: AuditEntry = {
  id: 'a7a7a7a7-0000-4000-8000-000000000001',
  origin: 'report',
  removalRequestId: null,
  requestType: 'photo',
  decision: 'delete',
  note: 'Child visible',
  subject: 'Grey Lynn Park Playground',
  subjectId: PHOTO_ID,
  moderatorUserName: 'mo_moderator',
  createdAt: '2026-11-03T00:00:00.000Z',
};

function setUp() {
  let pending = [placeRequest];
  let reports = [reportedPhoto];
  const decisions: unknown[] = [];
  const reportDecisions: unknown[] = [];
  const fetchMock = installFakeApi({
    '/api/moderation/reports': (): Reply => ({ status: 200, body: { reports } }),
    '/api/moderation/reports/decision': ({ body }): Reply => {
      reportDecisions.push(body);
      reports = [];
      const { decision } = body as { decision: string };
      return { status: 200, body: { targetType: 'photo', targetId: PHOTO_ID, decision, reportsClosed: 3 } };
    },
    '/api/moderation/removal-requests': (): Reply => ({ status: 200, body: { removalRequests: pending } }),
    [`/api/moderation/removal-requests/${REQUEST_ID}/decision`]: ({ body }): Reply => {
      decisions.push(body);
      pending = [];
      return { status: 200, body: { removalRequest: { ...placeRequest, status: 'rejected' } } };
    },
    '/api/moderation/audit-log': { status: 200, body: { entries: [reportAudit] } },
    '/api/me/removal-requests': { status: 200, body: { removalRequests: [ownRequest] } },
  });
  return { decisions, reportDecisions, fetchMock };
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
    const pending = await screen.findByRole('list', { name: 'Pending removal requests' });
    const card = within(pending).getByRole('article', { name: 'Grey Lynn Park Playground' });
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
    const pending = await screen.findByRole('list', { name: 'Pending removal requests' });
    const card = within(pending).getByRole('article', { name: 'Grey Lynn Park Playground' });
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

  it('shows a reported photo with its reasons, count and notes, never who reported it', async () => {
    setUp();
    renderAt(<ModerationPage role="moderator" onSignIn={vi.fn()} />, '/moderation');
    const reports = await screen.findByRole('list', { name: 'Reported photos, comments and places' });
    const card = within(reports).getByRole('article', { name: 'Grey Lynn Park Playground' });
    expect(within(card).getByText('Reported photo')).toBeTruthy();
    expect(within(card).getByText('Hidden until you decide')).toBeTruthy();
    expect(
      within(card).getByRole('img', { name: 'Reported photo at Grey Lynn Park Playground' }),
    ).toBeTruthy();
    const reasons = within(card).getByRole('list', { name: 'Reasons given' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["Shows a child's face × 2", 'Something else']);
    expect(card.textContent).toContain('Reported by 3 people');
    expect(within(card).getByText('“That is my son”')).toBeTruthy();
  });

  it('deletes a reported photo only after asking, with the note for the audit log', async () => {
    const { reportDecisions } = setUp();
    renderAt(<ModerationPage role="admin" onSignIn={vi.fn()} />, '/moderation');
    const reports = await screen.findByRole('list', { name: 'Reported photos, comments and places' });
    const card = within(reports).getByRole('article', { name: 'Grey Lynn Park Playground' });
    await userEvent.type(within(card).getByLabelText('Note for the audit log (optional)'), 'Child visible');
    await userEvent.click(
      within(card).getByRole('button', { name: 'Delete the photo at Grey Lynn Park Playground' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Delete this photo?' });
    expect(reportDecisions).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete photo' }));
    expect(await screen.findByText('No reports waiting.')).toBeTruthy();
    expect(reportDecisions).toEqual([
      { targetType: 'photo', targetId: PHOTO_ID, decision: 'delete', note: 'Child visible' },
    ]);
  });

  it('hides or dismisses without asking', async () => {
    const { reportDecisions } = setUp();
    renderAt(<ModerationPage role="moderator" onSignIn={vi.fn()} />, '/moderation');
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Dismiss the reports on the photo at Grey Lynn Park Playground',
      }),
    );
    await waitFor(() => {
      expect(reportDecisions).toEqual([
        { targetType: 'photo', targetId: PHOTO_ID, decision: 'dismiss', note: '' },
      ]);
    });
  });

  it('writes report decisions in the audit log as sentences', async () => {
    setUp();
    renderAt(<ModerationPage role="moderator" onSignIn={vi.fn()} />, '/moderation');
    const log = await screen.findByRole('list', { name: 'Decisions, newest first' });
    expect(within(log).getAllByRole('listitem')[0]?.textContent).toContain(
      'mo_moderator deleted the photo at Grey Lynn Park Playground',
    );
  });
});

import type { Event } from '@playspot/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { makeEvent } from '../test/make-event.ts';
import { PlaceEvents } from './place-events.tsx';

// Saturday 7 November 2026, 10:10 in Auckland.
const NOW = new Date('2026-11-06T21:10:00Z');
const PLACE_ID = '8b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

let events: Event[];
let requests: { method: string; path: string; body: unknown }[];

function setUp(extra: Record<string, (request: { method: string; body: unknown }) => Reply> = {}) {
  requests = [];
  const record =
    (path: string, reply: (body: unknown) => Reply) =>
    ({ method, body }: { method: string; body: unknown }): Reply => {
      requests.push({ method, path, body });
      return reply(body);
    };
  return installFakeApi({
    [`/api/locations/${PLACE_ID}/events`]: record(`/locations/events`, () => ({
      status: 200,
      body: { events },
    })),
    '/api/events': record('/events', (body) => {
      const created = makeEvent({ ...(body as Partial<Event>), id: '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f' });
      events = [...events, created];
      return { status: 201, body: { event: created } };
    }),
    ...extra,
  });
}

function renderEvents(signedIn: boolean, onSignIn = vi.fn()) {
  renderAt(
    <PlaceEvents
      locationId={PLACE_ID}
      locationName="Auckland Domain Playground"
      signedIn={signedIn}
      onSignIn={onSignIn}
    />,
  );
  return onSignIn;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  events = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PlaceEvents', () => {
  it('lists today’s events first, the live one marked, and the others under Coming up', async () => {
    events = [
      makeEvent({ id: 'a1a1a1a1-0000-4000-8000-000000000001', title: 'Sunday stroll', dayOfWeek: 'Sunday' }),
      makeEvent({ id: 'a1a1a1a1-0000-4000-8000-000000000002', title: 'Story time', time: '10:40' }),
      makeEvent({ id: 'a1a1a1a1-0000-4000-8000-000000000003', title: 'Toddler meetup', time: '10:00' }),
    ];
    setUp();
    renderEvents(true);

    const today = await screen.findByRole('list', { name: 'Today’s events' });
    const todayTitles = within(today)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(todayTitles).toEqual(['Toddler meetup', 'Story time']);
    const live = within(today).getByRole('article', { name: 'Toddler meetup' });
    expect(within(live).getByText('Happening now')).toBeTruthy();
    expect(within(today).getByText('Starts in 30 min')).toBeTruthy();

    const later = screen.getByRole('list', { name: 'Coming events' });
    expect(within(later).getByRole('article', { name: 'Sunday stroll' })).toBeTruthy();
    expect(within(later).queryByText('Happening now')).toBeNull();
  });

  it('asks a signed-out person to sign in instead of opening the form', async () => {
    setUp();
    const onSignIn = renderEvents(false);
    await screen.findByText(/No events here yet/);
    await userEvent.click(screen.getByRole('button', { name: 'Add event' }));
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the title, then creates the event with the place’s id and shows it', async () => {
    setUp();
    renderEvents(true);
    await screen.findByText(/No events here yet/);
    await userEvent.click(screen.getByRole('button', { name: 'Add event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an event' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(within(dialog).getByText(/Give the event a title/)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Story time');
    await userEvent.selectOptions(within(dialog).getByLabelText('Day'), 'Sunday');
    await userEvent.selectOptions(within(dialog).getByLabelText('Repeats'), 'Month first');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add event' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({
      locationId: PLACE_ID,
      title: 'Story time',
      dayOfWeek: 'Sunday',
      repeatPattern: 'Month first',
      isPublic: true,
      invitedUserNames: [],
    });
    expect(await screen.findByRole('article', { name: 'Story time' })).toBeTruthy();
  });

  it('sends the invited user names of a private event and shows the server’s refusal', async () => {
    setUp({
      '/api/events': ({ method, body }) => {
        requests.push({ method, path: '/events', body });
        return {
          status: 400,
          body: { error: { code: 'bad_request', message: 'invitedUserNames: nobody is called "ghost".' } },
        };
      },
    });
    renderEvents(true);
    await screen.findByText(/No events here yet/);
    await userEvent.click(screen.getByRole('button', { name: 'Add event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an event' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Birthday picnic');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Invited only' }));
    const invitee = within(dialog).getByLabelText('Invite people by user name');
    await userEvent.type(invitee, 'no spaces allowed{Enter}');
    expect(within(dialog).getByText(/can only contain letters/)).toBeTruthy();
    await userEvent.clear(invitee);
    await userEvent.type(invitee, 'ghost{Enter}');
    expect(within(within(dialog).getByRole('list', { name: 'Invited' })).getByText('ghost')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add event' }));

    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'invitedUserNames: nobody is called "ghost".',
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      isPublic: false,
      invitedUserNames: ['ghost'],
    });
  });

  it('offers edit and delete to the creator only, and deletes after asking', async () => {
    events = [
      makeEvent({ id: 'b2b2b2b2-0000-4000-8000-000000000001', title: 'Mine', canEdit: true }),
      makeEvent({ id: 'b2b2b2b2-0000-4000-8000-000000000002', title: 'Theirs', canEdit: false }),
    ];
    setUp({
      '/api/events/b2b2b2b2-0000-4000-8000-000000000001': ({ method, body }) => {
        requests.push({ method, path: '/events/mine', body });
        events = events.filter((event) => event.title !== 'Mine');
        return { status: 200, body: { deleted: true } };
      },
    });
    renderEvents(true);

    const theirs = await screen.findByRole('article', { name: 'Theirs' });
    expect(within(theirs).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Mine' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this event?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete event' }));

    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Mine' })).toBeNull();
    });
    expect(requests.some((request) => request.method === 'DELETE' && request.path === '/events/mine')).toBe(
      true,
    );
  });

  it('lets the creator edit an event with its current values filled in', async () => {
    events = [
      makeEvent({
        id: 'b2b2b2b2-0000-4000-8000-000000000003',
        title: 'Mine',
        canEdit: true,
        isPublic: false,
        invitedUserNames: ['ivy_invited'],
      }),
    ];
    setUp({
      '/api/events/b2b2b2b2-0000-4000-8000-000000000003': ({ method, body }) => {
        requests.push({ method, path: '/events/mine', body });
        const updated = makeEvent({ ...events[0], ...(body as Partial<Event>) });
        events = [updated];
        return { status: 200, body: { event: updated } };
      },
    });
    renderEvents(true);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the event' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Invited' })).getByText('ivy_invited'),
    ).toBeTruthy();
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Mine, renamed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('article', { name: 'Mine, renamed' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toMatchObject({
      title: 'Mine, renamed',
      isPublic: false,
      invitedUserNames: ['ivy_invited'],
    });
  });
});

import type { MyContributions } from '@playspot/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LevelProgress } from '../../../components/level-progress.tsx';
import { installFakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { AVAILABILITY_DEBOUNCE_MS } from '../hooks/use-user-name-availability.ts';
import { ContributionLists } from './contribution-lists.tsx';
import { DeleteAccountSection } from './delete-account-dialog.tsx';
import { PointsSummary } from './points-summary.tsx';
import { UserNameForm } from './user-name-form.tsx';

const PLACE = '00000000-0000-4000-8000-000000000001';

/** The URL of the request being answered (the API client passes strings). */
function lastRequestUrl(): string {
  const input = vi.mocked(fetch).mock.lastCall?.[0];
  return typeof input === 'string' ? input : '';
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PointsSummary', () => {
  it.each([
    // Level 2 runs from 100 to 300 points (spec §9): 150 is a quarter of the way.
    [150, 2, 25, '150 points to level 3'],
    [0, 1, 0, '100 points to level 2'],
    [300, 3, 0, '300 points to level 4'],
    [450, 3, 50, '150 points to level 4'],
  ])('%i points: level %i, %i%% of the way', (points, level, percent, toGo) => {
    renderAt(
      <PointsSummary
        points={points}
        level={level}
        renderProgress={(progress) => <LevelProgress level={level} progress={progress} />}
      />,
    );
    expect(screen.getByText(`Level ${level}`)).toBeTruthy();
    expect(screen.getByText(`${points} points`)).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: `Progress to level ${level + 1}` });
    expect(bar.getAttribute('aria-valuenow')).toBe(String(percent));
    expect(screen.getByText(toGo)).toBeTruthy();
  });
});

describe('ContributionLists', () => {
  const mine: MyContributions = {
    addedLocations: [{ id: PLACE, name: 'Sunny Hill Park', createdAt: '2026-03-01T10:00:00.000Z' }],
    comments: [
      {
        id: '00000000-0000-4000-8000-0000000000c1',
        text: 'Shady in the afternoon',
        location: { id: PLACE, name: 'Sunny Hill Park' },
        createdAt: '2026-03-02T10:00:00.000Z',
        hidden: false,
      },
      {
        id: '00000000-0000-4000-8000-0000000000c2',
        text: 'Reported words',
        location: { id: PLACE, name: 'Sunny Hill Park' },
        createdAt: '2026-03-01T10:00:00.000Z',
        hidden: true,
      },
    ],
    visits: [],
    counts: { locations: 1, comments: 2, visits: 0 },
  };

  it('lists places and comments with links to the places, and says when a list is empty', () => {
    renderAt(
      <ContributionLists
        placeHref={(id) => `/locations/${id}`}
        {...mine}
        who={{ subject: 'Sunny', own: true }}
      />,
      '/profile',
    );
    const places = screen.getByRole('region', { name: /Places added/ });
    expect(places.querySelector('a')?.getAttribute('href')).toBe(`/locations/${PLACE}`);
    expect(screen.getByText('“Shady in the afternoon”')).toBeTruthy();
    // Only the comment hidden from others says so.
    const comments = screen.getByRole('region', { name: /Comments/ });
    const hiddenNotes = within(comments).getAllByText('Hidden from others after reports');
    expect(hiddenNotes.map((note) => note.closest('li')?.textContent)).toEqual([
      expect.stringContaining('Reported words') as unknown,
    ]);
    expect(screen.getByRole('region', { name: /Visits/ }).textContent).toContain('No visits logged yet');
  });

  it("shows no visits on someone else's profile", () => {
    renderAt(
      <ContributionLists
        placeHref={(id) => `/locations/${id}`}
        addedLocations={[]}
        comments={[]}
        counts={{ locations: 0, comments: 0 }}
        who={{ subject: 'Maya', own: false }}
      />,
      '/users/Maya',
    );
    expect(screen.queryByRole('region', { name: /Visits/ })).toBeNull();
    expect(screen.getByText('Maya has not added a place yet.')).toBeTruthy();
  });
});

describe('UserNameForm', () => {
  let asked: string[];
  let saved: unknown[];

  beforeEach(() => {
    asked = [];
    saved = [];
    installFakeApi({
      '/api/user-names/availability': (): Reply => {
        const url = new URL(lastRequestUrl(), 'http://test');
        const userName = url.searchParams.get('userName') ?? '';
        asked.push(userName);
        const taken = userName.toLowerCase() === 'taken_name';
        return {
          status: 200,
          body: {
            userName,
            available: !taken,
            reason: taken ? 'taken' : null,
            message: taken
              ? `The user name ${userName} is taken. Please choose another.`
              : `${userName} is available.`,
          },
        };
      },
      '/api/me/user-name': ({ body }): Reply => {
        saved.push(body);
        return {
          status: 200,
          body: {
            userName: (body as { userName: string }).userName,
            displayName: null,
            photoURL: null,
            role: 'basic',
            level: 1,
            points: 0,
            createdAt: '2026-01-01T00:00:00.000Z',
            email: null,
            leveledUp: false,
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        };
      },
    });
  });

  it('takes names in any alphabet, and says at once when one mixes two', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const person = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderAt(<UserNameForm current={null} />, '/profile');
    const input = screen.getByLabelText('Choose a user name');

    await person.type(input, 'Pаul'); // a Cyrillic а
    expect(screen.getByText(/can use one alphabet at a time/)).toBeTruthy();
    expect(asked).toEqual([]);

    await person.clear(input);
    await person.type(input, 'Zoë');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS + 10);
    });
    expect(await screen.findByText('Zoë is available.')).toBeTruthy();
    expect(asked).toEqual(['Zoë']);
    vi.useRealTimers();
  });

  it('checks the rules at once and asks the server only after typing pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const person = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderAt(<UserNameForm current={null} />, '/profile');
    const input = screen.getByLabelText('Choose a user name');

    await person.type(input, 'a b');
    expect(screen.getByText(/can only contain letters/)).toBeTruthy();
    expect(asked).toEqual([]);

    await person.clear(input);
    await person.type(input, 'taken_name');
    expect(asked).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS + 10);
    });
    expect(await screen.findByText('The user name taken_name is taken. Please choose another.')).toBeTruthy();
    // Only the last text was sent, once.
    expect(asked).toEqual(['taken_name']);
    expect(screen.getByRole('button', { name: 'Save name' }).hasAttribute('disabled')).toBe(true);

    await person.clear(input);
    await person.type(input, 'Sunny_Parent');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS + 10);
    });
    expect(await screen.findByText('Sunny_Parent is available.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save name' });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    await person.click(save);
    await waitFor(() => {
      expect(saved).toEqual([{ userName: 'Sunny_Parent' }]);
    });
  });

  it('needs no check for the name the person already has', async () => {
    renderAt(<UserNameForm current="Sunny_Parent" />, '/profile');
    expect(screen.getByRole('button', { name: 'Change name' }).hasAttribute('disabled')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, AVAILABILITY_DEBOUNCE_MS + 50));
    expect(asked).toEqual([]);
  });
});

describe('DeleteAccountSection', () => {
  it("asks for a reason, then sends an 'account-deletion' removal request", async () => {
    const requests: unknown[] = [];
    installFakeApi({
      '/api/removal-requests': ({ body }): Reply => {
        requests.push(body);
        return {
          status: 201,
          body: {
            removalRequest: {
              id: '00000000-0000-4000-8000-0000000000d1',
              locationId: 'account-deletion',
              locationName: null,
              type: 'account',
              status: 'pending',
              reason: 'Moving away',
              createdAt: '2026-03-01T10:00:00.000Z',
            },
          },
        };
      },
    });
    const person = userEvent.setup();
    renderAt(<DeleteAccountSection />, '/profile');
    await person.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await person.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('tell us briefly why');
    expect(requests).toEqual([]);

    await person.type(within(dialog).getByLabelText('Why are you leaving?'), '  Moving away ');
    await person.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText(/Your request is sent\. Thank you/)).toBeTruthy();
    expect(requests).toEqual([{ locationId: 'account-deletion', reason: 'Moving away' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

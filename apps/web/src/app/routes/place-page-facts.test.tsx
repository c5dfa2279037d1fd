/**
 * The place page's "Good to know" (issue 18) against a fake server built on core's factStatus
 * like the real one: counts and sources, disputed facts, the parent's own answer pressed,
 * answering and taking an answer back, "Add what you know", signed-out parents sent to sign
 * in, and errors shown inline.
 */
import {
  FACT_KEYS,
  factStatus,
  type CurrentUser,
  type FactKey,
  type Place,
  type PlaceFact,
} from '@playspot/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { paths } from '../../config/paths.ts';
import { SignInDialog } from '../../features/auth/components/sign-in-dialog.tsx';
import { analytics } from '../../lib/analytics/analytics.ts';
import { installFakeApi, UNAUTHORIZED, type Reply, type Route } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PlaceRoute } from './place-page.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const BASE = `/api/locations/${ID}`;
const NOW = new Date().toISOString();
/** A day in a past year: the page names it with its year. */
const LAST_YEAR_DAY = '2024-11-12T09:00:00.000Z';

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

const place: Place = {
  id: ID,
  name: 'Harbour View Playground',
  latitude: -36.8601,
  longitude: 174.7765,
  tags: [],
  tagVotes: {},
  searchKeywords: ['harbour'],
  createdAt: NOW,
  lastUpdatedAt: NOW,
  createdByUserName: 'Aroha',
  officialWebsite: null,
  description: null,
  votes: { up: 0, down: 0 },
  myVote: null,
  myTagVotes: {},
  verifiedUpVotes: { place: 0, tags: {} },
  canEdit: false,
  imageUrls: [],
  imageMetaData: [],
  visitCount: 0,
  lastVisitedAt: null,
  myLastVisitAt: null,
  ageRanges: [],
  indoor: false,
  free: true,
  commentCount: 0,
  source: null,
  licence: null,
  attribution: null,
  comments: [],
};

interface Answer {
  readonly key: FactKey;
  readonly value: string;
  readonly at: Date;
  readonly mine: boolean;
}

const OSM = { source: 'osm', licence: 'ODbL-1.0', attribution: '© OpenStreetMap contributors' };

/** What the fake server knows: parents' answers and imported values, as the real one keeps them. */
let answers: Answer[];
let imported: Partial<Record<FactKey, string>>;

function factOf(key: FactKey): PlaceFact | null {
  const given = answers.filter((answer) => answer.key === key);
  const stated = imported[key] ?? null;
  const status = factStatus(given, stated);
  if (status === null) return null;
  return {
    key,
    value: status.value,
    confirmedBy: status.confirmedBy,
    contradictedBy: status.contradictedBy,
    lastConfirmedAt: status.lastConfirmedAt?.toISOString() ?? null,
    verifiedThisMonth: 0,
    disputed: status.disputed,
    imported: stated === null ? null : { value: stated, ...OSM },
    myAnswer: given.find((answer) => answer.mine)?.value ?? null,
  };
}

const others = (key: FactKey, value: string, count: number): Answer[] =>
  Array.from({ length: count }, () => ({ key, value, at: new Date(LAST_YEAR_DAY), mine: false }));

/** One route per fact key: PUT answers, DELETE takes the answer back (or `reply` instead). */
function answerRoutes(reply?: Reply): Record<string, Route> {
  return Object.fromEntries(
    FACT_KEYS.map((key) => [
      `${BASE}/facts/${key}`,
      ({ method, body }: { method: string; body: unknown }) => {
        if (reply) return reply;
        answers = answers.filter((answer) => !(answer.key === key && answer.mine));
        if (method === 'PUT')
          answers.push({ key, value: (body as { value: string }).value, at: new Date(), mine: true });
        return { status: 200, body: { fact: factOf(key), reward: null } };
      },
    ]),
  );
}

let track: MockInstance<typeof analytics.track>;

function setUp(options: { signedIn?: boolean; answerReply?: Reply } = {}) {
  const fetchMock = installFakeApi({
    '/api/me': options.signedIn === false ? UNAUTHORIZED : { status: 200, body: me },
    '/api/me/points': {
      status: 200,
      body: { points: 160, level: 2, pointsToNextLevel: 140, levelProgress: 0.3 },
    },
    '/api/me/favourites': { status: 200, body: { items: [], nextCursor: null } },
    [BASE]: { status: 200, body: place },
    [`${BASE}/facts`]: () => ({
      status: 200,
      body: {
        facts: FACT_KEYS.flatMap((key) => factOf(key) ?? []),
        nearby: [
          { kind: 'toilets', distanceM: 120 },
          { kind: 'cafe', distanceM: 340 },
        ],
      },
    }),
    ...answerRoutes(options.answerReply),
  });
  renderRoutes(
    [
      {
        path: paths.place.pattern,
        element: (
          <>
            <PlaceRoute />
            <SignInDialog />
          </>
        ),
      },
    ],
    paths.place.build(ID),
  );
  return fetchMock;
}

/** The requests to `path` with `method`, and their bodies. */
function requests(fetchMock: ReturnType<typeof installFakeApi>, path: string, method: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => input === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

const factRow = async (key: FactKey) => screen.findByTestId(`fact-${key}`);
const answerButton = (row: HTMLElement, question: string, answer: string) =>
  within(within(row).getByRole('group', { name: question })).getByRole('button', { name: answer });

beforeEach(() => {
  track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  answers = [
    ...others('fenced', 'yes', 2),
    { key: 'fenced', value: 'yes', at: new Date(LAST_YEAR_DAY), mine: true },
    ...others('shade', 'yes', 1),
    ...others('shade', 'no', 1),
  ];
  imported = { wheelchair: 'limited', max_age: '12' };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('place facts', () => {
  it('shows each fact in words with who confirmed it, its source, disputes and amenities nearby', async () => {
    setUp();
    const fenced = await factRow('fenced');
    expect(within(fenced).getByText('Fenced')).toBeTruthy();
    expect(within(fenced).getByText('Confirmed by 3 parents · last on 12 Nov 2024')).toBeTruthy();
    expect(within(fenced).queryByText(/Disputed/u)).toBeNull();

    const wheelchair = await factRow('wheelchair');
    expect(within(wheelchair).getByText('Wheelchair: limited')).toBeTruthy();
    expect(within(wheelchair).getByText('From OpenStreetMap')).toBeTruthy();
    expect(within(await factRow('max_age')).getByText('Up to 12 years')).toBeTruthy();

    // One parent says yes, one no: the page shows the newest and marks it disputed.
    const shade = await factRow('shade');
    expect(within(shade).getByText('Confirmed by 1 parent · last on 12 Nov 2024')).toBeTruthy();
    expect(within(shade).getByText(/Disputed: parents disagree/u)).toBeTruthy();
    expect(within(shade).getByText(/1 parent says otherwise/u)).toBeTruthy();

    expect(screen.getByText('Public toilet')).toBeTruthy();
    expect(screen.getByText(/120 m away/u)).toBeTruthy();
    expect(screen.getByText('Café')).toBeTruthy();
    expect(screen.getByRole('link', { name: '© OpenStreetMap contributors' })).toBeTruthy();
  });

  it("presses the parent's own answer, corrects it in one tap and takes it back with another", async () => {
    const fetchMock = setUp();
    const user = userEvent.setup();
    const fenced = await factRow('fenced');
    expect(answerButton(fenced, 'Fenced?', 'Yes').getAttribute('aria-pressed')).toBe('true');
    expect(answerButton(fenced, 'Fenced?', 'No').getAttribute('aria-pressed')).toBe('false');

    await user.click(answerButton(fenced, 'Fenced?', 'No'));
    expect(await within(fenced).findByText('Confirmed by 2 parents · last on 12 Nov 2024')).toBeTruthy();
    expect(within(fenced).getByText(/1 parent says otherwise/u)).toBeTruthy();
    expect(answerButton(fenced, 'Fenced?', 'No').getAttribute('aria-pressed')).toBe('true');
    expect(requests(fetchMock, `${BASE}/facts/fenced`, 'PUT')).toEqual([{ value: 'no' }]);

    // Tapping the own answer again takes it back.
    await user.click(answerButton(fenced, 'Fenced?', 'No'));
    expect(await within(fenced).findByText('Confirmed by 2 parents · last on 12 Nov 2024')).toBeTruthy();
    expect(within(fenced).queryByText(/otherwise/u)).toBeNull();
    expect(answerButton(fenced, 'Fenced?', 'No').getAttribute('aria-pressed')).toBe('false');
    expect(answerButton(fenced, 'Fenced?', 'Yes').getAttribute('aria-pressed')).toBe('false');
    expect(requests(fetchMock, `${BASE}/facts/fenced`, 'DELETE')).toHaveLength(1);
    expect(screen.getByText('Your answer is taken back.')).toBeTruthy();
  });

  it('keeps the common unknown questions folded under "Add what you know"', async () => {
    const fetchMock = setUp();
    const user = userEvent.setup();
    const add = await screen.findByRole('button', { name: /Add what you know/u });
    expect(add.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'Toilets?' })).toBeNull();

    await user.click(add);
    expect(add.getAttribute('aria-expanded')).toBe('true');
    // Fenced, shade and wheelchair are known: not asked again.
    expect(screen.queryByTestId('add-fact-fenced')).toBeNull();
    expect(screen.getByTestId('add-fact-changing_table')).toBeTruthy();
    expect(screen.getByTestId('add-fact-drinking_water')).toBeTruthy();
    // Play equipment is asked in its own section (issue 49), not here as well.
    expect(screen.queryByTestId('add-fact-baby_swing')).toBeNull();
    await user.click(
      within(screen.getByRole('group', { name: 'Toilets?' })).getByRole('button', { name: 'Yes' }),
    );

    const toilets = await factRow('toilets');
    expect(within(toilets).getByText('Toilets')).toBeTruthy();
    expect(within(toilets).getByText('Confirmed by 1 parent · last today')).toBeTruthy();
    expect(answerButton(toilets, 'Toilets?', 'Yes').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('add-fact-toilets')).toBeNull();
    expect(requests(fetchMock, `${BASE}/facts/toilets`, 'PUT')).toEqual([{ value: 'yes' }]);
  });

  it('asks a signed-out parent to sign in instead of answering', async () => {
    const fetchMock = setUp({ signedIn: false });
    const user = userEvent.setup();
    const fenced = await factRow('fenced');
    // Signed out, no answer is the parent's own.
    await user.click(answerButton(fenced, 'Fenced?', 'Yes'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(track).toHaveBeenCalledWith('open_auth_modal', { source: 'fact_answer' });
    expect(requests(fetchMock, `${BASE}/facts/fenced`, 'PUT')).toHaveLength(0);
  });

  it('asks a parent answering too fast to slow down, inline', async () => {
    setUp({
      answerReply: { status: 429, body: { error: { code: 'rate_limited', message: 'Too many requests' } } },
    });
    const user = userEvent.setup();
    const shade = await factRow('shade');
    await user.click(answerButton(shade, 'Shade?', 'Yes'));
    expect((await within(shade).findByRole('alert')).textContent).toMatch(/answering very quickly/u);
    expect(answerButton(shade, 'Shade?', 'Yes').getAttribute('aria-pressed')).toBe('false');
  });

  it("shows the server's message inline when an answer is refused", async () => {
    setUp({
      answerReply: {
        status: 404,
        body: { error: { code: 'not_found', message: 'This place no longer exists.' } },
      },
    });
    const user = userEvent.setup();
    const wheelchair = await factRow('wheelchair');
    await user.click(answerButton(wheelchair, 'Wheelchair access?', 'Yes'));
    expect((await within(wheelchair).findByRole('alert')).textContent).toBe('This place no longer exists.');
  });
});

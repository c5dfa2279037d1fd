/**
 * Events, deals and moderation in the browser, on a server of their own where an admin and
 * a moderator exist (roles given with the create-admin script, see support/role-server.ts).
 * The server and the browsers run on a fake clock (the server's CLOCK_START, Playwright's
 * clock): Monday 16 November 2026, 10:05 in Pacific/Auckland, the demo places' zone.
 */
import { expect, test } from '@playwright/test';
import { logoSvg, pictureFromSvg, poolSvg } from './support/pictures.ts';
import { aucklandDate, aucklandInstant, openSession, placeId } from './support/people.ts';
import { startRoleServer, type RoleServer } from './support/role-server.ts';
import { seriousViolations } from './support/axe.ts';

test.describe.configure({ mode: 'serial' });

/** A Monday morning in Auckland: the weekly event below started five minutes before. */
const CLOCK_START = aucklandInstant('2026-11-16', '10:05');

let server: RoleServer | undefined;
const roleServerURL = (): string => {
  if (!server) throw new Error('The role server did not start');
  return server.baseURL;
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startRoleServer(
    [
      { userName: 'ana_admin', role: 'admin' },
      { userName: 'mo_moderator', role: 'moderator' },
      { userName: 'pat_parent', role: 'basic' },
      { userName: 'ivy_invited', role: 'basic' },
      { userName: 'sam_stranger', role: 'basic' },
    ],
    { clockStart: CLOCK_START },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

test('a weekly event happening now shows its badge on the place page and on the map card', async ({
  browser,
}) => {
  const pat = await openSession(browser, roleServerURL(), 'pat_parent', {
    position: { latitude: -36.8597, longitude: 174.7752 },
    clockAt: CLOCK_START,
  });
  const id = await placeId(pat, 'Auckland Domain Playground');
  const started = { dayOfWeek: 'Monday', time: '10:00' };

  await pat.page.goto(`/locations/${id}`);
  const events = pat.page.getByRole('region', { name: 'Events', exact: true });
  await events.getByRole('button', { name: 'Add event' }).click();
  const dialog = pat.page.getByRole('dialog', { name: 'Add an event' });
  await dialog.getByLabel('Title').fill('Toddler meetup');
  await dialog.getByLabel('Day').selectOption(started.dayOfWeek);
  await dialog.getByLabel('Start time').fill(started.time);
  await expect(dialog.getByLabel('Repeats')).toHaveValue('Week');
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog).toBeHidden();

  const card = events.getByRole('article', { name: 'Toddler meetup' });
  await expect(card.getByText('Happening now')).toBeVisible();
  // No end given: an hour (issue 45).
  // On English's clock (issue 46): 12 hours.
  await expect(card.getByText(`Every ${started.dayOfWeek}, 10:00 am–11:00 am`)).toBeVisible();

  // The map asks for today's events of every place on screen in one request.
  const todayRequests: string[] = [];
  pat.page.on('request', (request) => {
    if (request.url().includes('/api/events/today')) todayRequests.push(request.url());
  });
  await pat.page.goto('/MapView');
  await pat.page
    .getByRole('button', { name: /Auckland Domain Playground/ })
    .first()
    .click();
  const mapCard = pat.page.getByRole('article', { name: 'Auckland Domain Playground' });
  await expect(mapCard.getByText('Happening now')).toBeVisible();
  await expect(mapCard.getByText('Toddler meetup')).toBeVisible();
  expect(todayRequests.length).toBeGreaterThan(0);
  // The map now opens at the person (street level), where this may be the only place on screen.
  expect(new URL(todayRequests.at(-1) ?? '').searchParams.get('locationIds')?.split(',')).toContain(id);

  await pat.page.goto('/events');
  await expect(
    pat.page.getByRole('list', { name: 'Events today' }).getByRole('article', { name: 'Toddler meetup' }),
  ).toBeVisible();

  // With the browser's clock moved on past the 30 live minutes, the badge goes by itself.
  // The clock belongs to the whole browser context, so this is a context of its own.
  const later = await openSession(browser, roleServerURL(), 'pat_parent');
  const clockPage = later.page;
  await clockPage.clock.install({ time: CLOCK_START });
  await clockPage.goto(`/locations/${id}`);
  const clockCard = clockPage.getByRole('article', { name: 'Toddler meetup' });
  await expect(clockCard.getByText('Happening now')).toBeVisible();
  await clockPage.clock.fastForward('31:00');
  await expect(clockCard.getByText('Happening now')).toBeHidden();
  await expect(clockCard.getByText(/Starts in|In 7 days/)).toBeVisible();
  await later.context.close();
  await pat.context.close();
});

test('a private event is seen by its invitee and by no one else', async ({ browser }) => {
  const pat = await openSession(browser, roleServerURL(), 'pat_parent');
  const id = await placeId(pat, 'Western Springs Lakeside Playground');
  const created = await pat.api.post('/api/events', {
    locationId: id,
    title: 'Birthday picnic',
    dayOfWeek: 'Saturday',
    time: '11:00',
    repeatPattern: 'Month first',
    isPublic: false,
    invitedUserNames: ['ivy_invited'],
  });
  expect(created.status()).toBe(201);
  const { event } = (await created.json()) as { event: { id: string } };
  await pat.context.close();

  const ivy = await openSession(browser, roleServerURL(), 'ivy_invited');
  await ivy.page.goto('/events');
  const invited = ivy.page.getByRole('list', { name: 'Events you are invited to' });
  await expect(invited.getByRole('article', { name: 'Birthday picnic' })).toBeVisible();
  await expect(invited.getByText('Private · invited only')).toBeVisible();
  await ivy.page.goto(`/locations/${id}`);
  await expect(ivy.page.getByRole('article', { name: 'Birthday picnic' })).toBeVisible();
  await ivy.context.close();

  const sam = await openSession(browser, roleServerURL(), 'sam_stranger');
  await sam.page.goto(`/locations/${id}`);
  await expect(sam.page.getByText('No events here yet')).toBeVisible();
  await expect(sam.page.getByText('Birthday picnic')).toHaveCount(0);
  expect((await sam.api.get(`/api/events/${event.id}`)).status()).toBe(404);
  await sam.page.goto('/events');
  await expect(sam.page.getByText('No invitations right now')).toBeVisible();
  await sam.context.close();
});

test('an admin adds a deal that families see, and it goes once it has expired', async ({ browser }) => {
  const ana = await openSession(browser, roleServerURL(), 'ana_admin');
  await ana.page.goto('/deals');
  await ana.page.getByRole('button', { name: 'New deal' }).click();
  const dialog = ana.page.getByRole('dialog', { name: 'New deal' });
  await dialog.getByLabel('Title').fill('Half-price swims on Tuesdays');
  await dialog.getByLabel('Website').fill('example.org/swim');
  await dialog
    .getByLabel('Picture')
    .setInputFiles({ name: 'pool.png', mimeType: 'image/png', buffer: await pictureFromSvg(poolSvg()) });
  await dialog.getByLabel('Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await pictureFromSvg(logoSvg('SW', '#0284c7')),
  });
  await dialog.getByRole('button', { name: 'Add deal' }).click();
  // Two pictures are checked and resized before the dialog closes.
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(ana.page.getByRole('list', { name: 'All deals' }).getByText('Shown')).toBeVisible();

  const visitor = await openSession(browser, roleServerURL(), null);
  await visitor.page.goto('/deals');
  const card = visitor.page.getByRole('article', { name: 'Half-price swims on Tuesdays' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: /partner logo/ })).toBeVisible();
  const link = card.getByRole('link', { name: /See the deal/ });
  await expect(link).toHaveAttribute('href', 'https://example.org/swim');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(visitor.page.getByRole('heading', { name: 'Manage deals' })).toHaveCount(0);

  // Expiry yesterday (in the deals' zone): no longer shown to families.
  await ana.page.getByRole('button', { name: 'Edit Half-price swims on Tuesdays' }).click();
  const edit = ana.page.getByRole('dialog', { name: 'Edit the deal' });
  await edit.getByLabel('Last day (optional)').fill(aucklandDate(-1, CLOCK_START));
  await edit.getByRole('button', { name: 'Save deal' }).click();
  await expect(edit).toBeHidden();
  await expect(ana.page.getByRole('list', { name: 'All deals' }).getByText('Expired')).toBeVisible();

  await visitor.page.reload();
  await expect(visitor.page.getByText('No deals right now')).toBeVisible();
  await ana.context.close();
  await visitor.context.close();
});

test('a removal request approved by a moderator takes the place off the map, search and its URL', async ({
  browser,
}) => {
  const pat = await openSession(browser, roleServerURL(), 'pat_parent');
  const name = 'Victoria Park Playground';
  const id = await placeId(pat, name);
  const asked = await pat.api.post('/api/removal-requests', {
    locationId: id,
    reason: 'The playground was taken down last month for the new motorway works.',
  });
  expect(asked.status()).toBe(201);

  await pat.page.goto('/moderation');
  await expect(pat.page.getByRole('heading', { name: 'This page is for moderators' })).toBeVisible();
  await expect(pat.page.getByText('Waiting for a moderator')).toBeVisible();

  const mo = await openSession(browser, roleServerURL(), 'mo_moderator');
  await mo.page.goto('/moderation');
  const request = mo.page.getByRole('article', { name: name });
  await expect(request.getByText('taken down last month')).toBeVisible();
  await expect(request.getByText('pat_parent')).toBeVisible();
  await request.getByLabel('Note for the audit log (optional)').fill('Confirmed with the council website.');
  await request.getByRole('button', { name: `Approve removing ${name}` }).click();
  await mo.page
    .getByRole('dialog', { name: 'Remove this place?' })
    .getByRole('button', { name: 'Remove the place' })
    .click();
  await expect(mo.page.getByText('All caught up: nothing is waiting.')).toBeVisible();
  const log = mo.page.getByRole('list', { name: 'Decisions, newest first' });
  await expect(log.getByText(name)).toBeVisible();
  await expect(log.getByText('Confirmed with the council website.')).toBeVisible();

  // Gone from its URL, from search and from the map.
  await mo.page.goto(`/locations/${id}`);
  await expect(mo.page.getByRole('heading', { name: 'This page wandered off' })).toBeVisible();
  const search = (await (
    await mo.api.get(`/api/locations/search?q=Victoria&lat=-36.8597&lng=174.7752`)
  ).json()) as {
    items: { id: string }[];
  };
  expect(search.items.map((item) => item.id)).not.toContain(id);
  const viewport = await mo.api.get(
    '/api/locations/viewport?west=174.6&south=-37&east=174.9&north=-36.7&zoom=13',
  );
  expect(await viewport.text()).not.toContain(id);
  await mo.page.goto('/MapView');
  await expect(mo.page.getByRole('button', { name: /Auckland Domain Playground/ }).first()).toBeVisible();
  await expect(mo.page.getByRole('button', { name: new RegExp(name) })).toHaveCount(0);

  await pat.page.reload();
  await expect(pat.page.getByText('Approved: removed')).toBeVisible();
  await pat.context.close();
  await mo.context.close();
});

test('/events, /deals (with the admin editor) and /moderation have no serious accessibility violation', async ({
  browser,
}) => {
  const ana = await openSession(browser, roleServerURL(), 'ana_admin');
  for (const path of ['/events', '/deals', '/moderation']) {
    await ana.page.goto(path);
    await expect(ana.page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(ana.page), path).toEqual([]);
  }
  await ana.page.goto('/deals');
  await ana.page.getByRole('button', { name: 'New deal' }).click();
  expect(await seriousViolations(ana.page), 'deal form').toEqual([]);
  await ana.context.close();
});

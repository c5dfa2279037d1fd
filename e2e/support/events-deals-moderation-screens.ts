/**
 * Screenshots of /events, /deals and /moderation at phone and desktop sizes, registered by
 * e2e/screenshots.spec.ts. They need an admin and a moderator, so they run on a role server
 * seeded with a few events, deals and removal requests.
 */
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import {
  aucklandDate,
  aucklandInstant,
  aucklandWallClock,
  openSession,
  placeId,
  type PersonSession,
} from './people.ts';
import { cafeSvg, logoSvg, parkSvg, pictureFromSvg, poolSvg } from './pictures.ts';
import { startRoleServer, type RoleServer } from './role-server.ts';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

const AUCKLAND = { latitude: -36.8597, longitude: 174.7752 };

async function uploadPicture(
  session: PersonSession,
  baseURL: string,
  dealId: string,
  kind: 'image' | 'logo',
  png: Buffer,
) {
  const response = await session.context.request.put(`/api/deals/${dealId}/${kind}`, {
    headers: { origin: baseURL },
    multipart: { photo: { name: `${kind}.png`, mimeType: 'image/png', buffer: png } },
  });
  if (!response.ok()) throw new Error(`Upload ${kind}: ${response.status()} ${await response.text()}`);
}

async function seed(browser: Browser, baseURL: string): Promise<void> {
  const pat = await openSession(browser, baseURL, 'pat_parent');
  const domain = await placeId(pat, 'Auckland Domain Playground');
  const myers = await placeId(pat, 'Myers Park Playground');
  const springs = await placeId(pat, 'Western Springs Lakeside Playground');
  // Today's and tomorrow's weekdays where the places are; the browser's clock is then set
  // to 10:12 today there for the /events screenshot, so the times read like a real morning.
  const today = aucklandWallClock(0).dayOfWeek;
  const tomorrow = aucklandWallClock(24 * 60).dayOfWeek;
  const live = { dayOfWeek: today, time: '10:00' };
  const later = { dayOfWeek: today, time: '11:30' };
  const nextMorning = { dayOfWeek: tomorrow, time: '09:30' };
  const events = [
    {
      locationId: domain,
      title: 'Toddler meetup',
      description: 'Bring a snack to share. We meet by the big slide, whatever the weather.',
      ...live,
      repeatPattern: 'Week',
    },
    {
      locationId: myers,
      title: 'Bubbles and songs',
      description: 'Free singalong for under-fives with the library team.',
      ...later,
      repeatPattern: 'Week',
    },
    {
      locationId: springs,
      title: 'Duck-feeding walk',
      description: 'A slow loop of the lake, buggies welcome.',
      ...nextMorning,
      repeatPattern: 'Week',
    },
  ];
  for (const event of events) {
    const response = await pat.api.post('/api/events', { ...event, isPublic: true });
    if (!response.ok()) throw new Error(`Event: ${response.status()} ${await response.text()}`);
  }
  const ivy = await openSession(browser, baseURL, 'ivy_invited');
  const invite = await ivy.api.post('/api/events', {
    locationId: springs,
    title: 'Twins playdate',
    dayOfWeek: tomorrow,
    time: '10:30',
    repeatPattern: 'Week',
    isPublic: false,
    invitedUserNames: ['pat_parent'],
  });
  if (!invite.ok()) throw new Error(`Private event: ${invite.status()}`);

  const removal = await pat.api.post('/api/removal-requests', {
    locationId: await placeId(pat, 'Grey Lynn Park Playground'),
    reason: 'The playground is fenced off for rebuilding until next spring, and the sign says it is closed.',
  });
  if (!removal.ok()) throw new Error(`Removal request: ${removal.status()}`);
  const account = await ivy.api.post('/api/removal-requests', {
    locationId: 'account-deletion',
    reason: 'We are moving overseas. Please delete my account and my photos.',
  });
  if (!account.ok()) throw new Error(`Account request: ${account.status()}`);
  await pat.context.close();
  await ivy.context.close();

  const ana = await openSession(browser, baseURL, 'ana_admin');
  const deals = [
    {
      title: 'Half-price swims on Tuesdays',
      website: 'example.org/swim',
      expiryDate: aucklandDate(40),
      logo: ['SW', '#0284c7'],
      picture: poolSvg,
    },
    {
      title: 'Free babyccino with any coffee',
      website: 'example.org/cafe',
      expiryDate: aucklandDate(12),
      logo: ['KC', '#c2410c'],
      picture: cafeSvg,
    },
    {
      title: '20% off family passes at the zoo',
      website: 'example.org/zoo',
      expiryDate: null,
      logo: ['ZO', '#15803d'],
      picture: parkSvg,
    },
  ] as const;
  for (const deal of deals) {
    const response = await ana.api.post('/api/deals', {
      title: deal.title,
      website: deal.website,
      expiryDate: deal.expiryDate,
    });
    if (!response.ok()) throw new Error(`Deal: ${response.status()} ${await response.text()}`);
    const { deal: saved } = (await response.json()) as { deal: { id: string } };
    await uploadPicture(ana, baseURL, saved.id, 'image', await pictureFromSvg(deal.picture()));
    await uploadPicture(
      ana,
      baseURL,
      saved.id,
      'logo',
      await pictureFromSvg(logoSvg(deal.logo[0], deal.logo[1])),
    );
  }
  await ana.context.close();

  // One decision already in the audit log.
  const mo = await openSession(browser, baseURL, 'mo_moderator');
  const extra = await openSession(browser, baseURL, 'sam_stranger');
  const asked = await extra.api.post('/api/removal-requests', {
    locationId: await placeId(extra, 'Albert Park Lawn'),
    reason: 'I just do not like this park.',
  });
  const { removalRequest } = (await asked.json()) as { removalRequest: { id: string } };
  await mo.api.post(`/api/moderation/removal-requests/${removalRequest.id}/decision`, {
    decision: 'reject',
    note: 'The park is open and well used; nothing wrong with the entry.',
  });
  await extra.context.close();
  await mo.context.close();
}

export function registerEventsDealsModerationScreenshots(): void {
  test.describe('events, deals and moderation screenshots', () => {
    test.describe.configure({ mode: 'serial' });
    let server: RoleServer | undefined;
    const roleServerURL = (): string => {
      if (!server) throw new Error('The role server did not start');
      return server.baseURL;
    };

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(240_000);
      server = await startRoleServer([
        { userName: 'ana_admin', role: 'admin' },
        { userName: 'mo_moderator', role: 'moderator' },
        { userName: 'pat_parent', role: 'basic' },
        { userName: 'ivy_invited', role: 'basic' },
        { userName: 'sam_stranger', role: 'basic' },
      ]);
      await seed(browser, server.baseURL);
    });

    test.afterAll(async () => {
      await server?.stop();
    });

    for (const size of sizes) {
      const save = (name: string) =>
        process.env.UPDATE_SCREENSHOTS
          ? path.join('docs', 'screenshots', `${name}-${size.name}.png`)
          : test.info().outputPath(`${name}-${size.name}.png`);

      test(`/events on a ${size.name}`, async ({ browser }) => {
        const pat = await openSession(browser, roleServerURL(), 'pat_parent', {
          viewport: size.viewport,
          position: AUCKLAND,
          timezoneId: 'Pacific/Auckland',
        });
        await pat.page.clock.setFixedTime(aucklandInstant(aucklandDate(0), '10:12'));
        await pat.page.goto('/events');
        await expect(pat.page.getByText('Happening now').first()).toBeVisible();
        await expect(pat.page.getByRole('article', { name: 'Twins playdate' })).toBeVisible();
        await pat.page.screenshot({ path: save('events') });
        await pat.context.close();
      });

      test(`/deals on a ${size.name}`, async ({ browser }) => {
        const visitor = await openSession(browser, roleServerURL(), null, {
          viewport: size.viewport,
          timezoneId: 'Pacific/Auckland',
        });
        await visitor.page.goto('/deals');
        const images = visitor.page.getByRole('img', { name: /partner logo/ });
        await expect(images).toHaveCount(3);
        await visitor.page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        await visitor.page.screenshot({ path: save('deals') });
        await visitor.context.close();
      });

      test(`/moderation on a ${size.name}`, async ({ browser }) => {
        const mo = await openSession(browser, roleServerURL(), 'mo_moderator', {
          viewport: size.viewport,
          timezoneId: 'Pacific/Auckland',
        });
        await mo.page.goto('/moderation');
        await expect(mo.page.getByRole('heading', { name: 'Waiting for a decision (2)' })).toBeVisible();
        await expect(mo.page.getByText('The park is open and well used')).toBeVisible();
        await mo.page.screenshot({ path: save('moderation') });
        await mo.context.close();
      });
    }
  });
}

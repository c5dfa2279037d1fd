import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { testAuthConfig } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { storageKeyOf, uploadPhoto } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';
import { LocalDiskStorage } from '../../storage/local-storage.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
/** 2026-04-05 01:30 NZDT in Auckland, still 2026-04-04 in UTC. */
const EARLY_ON_APRIL_5 = new Date('2026-04-04T12:30:00Z');

interface DealBody {
  id: string;
  title: string | null;
  website: string | null;
  active: boolean;
  expiryDate: string | null;
  imageUrl: string | null;
  logoUrl: string | null;
  extra: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

describeEachBackend('deals API', (database) => {
  let app: FastifyInstance;
  let storage: LocalDiskStorage;
  let clock = EARLY_ON_APRIL_5;
  let admin: SignedInTestUser;
  let moderator: SignedInTestUser;
  let parent: SignedInTestUser;

  beforeAll(async () => {
    storage = new LocalDiskStorage(await mkdtemp(path.join(tmpdir(), 'playspot-deals-')));
    app = await buildApp({ database: database(), storage, auth: testAuthConfig(), now: () => clock });
    admin = await signInAs(app, 'Deal_Admin');
    moderator = await signInAs(app, 'Deal_Moderator');
    parent = await signInAs(app, 'Deal_Parent');
    await setRole(database(), 'Deal_Admin', 'admin');
    await setRole(database(), 'Deal_Moderator', 'moderator');
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    clock = EARLY_ON_APRIL_5;
  });

  const create = (payload: Record<string, unknown>, user = admin) =>
    app.inject({ method: 'POST', url: '/api/deals', headers: user.headers, payload });

  async function createDeal(payload: Record<string, unknown>): Promise<DealBody> {
    const response = await create(payload);
    if (response.statusCode !== 201)
      throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    return response.json<{ deal: DealBody }>().deal;
  }

  const shownIds = async () =>
    (await app.inject({ method: 'GET', url: '/api/deals' }))
      .json<{ deals: DealBody[] }>()
      .deals.map((d) => d.id);

  it('creates a deal with a normalised website and server-set times; extra fields pass through', async () => {
    const deal = await createDeal({
      title: ' Half price Tuesdays ',
      website: 'kidsdeals.nz/tuesday',
      expiryDate: '2026-05-01',
      extra: { code: 'SAVE10', tiers: [1, 2] },
    });
    expect(deal).toMatchObject({
      title: 'Half price Tuesdays',
      website: 'https://kidsdeals.nz/tuesday',
      active: true,
      expiryDate: '2026-05-01',
      imageUrl: null,
      logoUrl: null,
      extra: { code: 'SAVE10', tiers: [1, 2] },
      createdAt: EARLY_ON_APRIL_5.toISOString(),
      updatedAt: EARLY_ON_APRIL_5.toISOString(),
    });
    clock = new Date('2026-04-04T13:00:00Z');
    const updated = await app.inject({
      method: 'PATCH',
      url: `/api/deals/${deal.id}`,
      headers: admin.headers,
      payload: { website: 'http://example.org', active: false },
    });
    expect(updated.json<{ deal: DealBody }>().deal).toMatchObject({
      website: 'http://example.org',
      active: false,
      createdAt: EARLY_ON_APRIL_5.toISOString(),
      updatedAt: '2026-04-04T13:00:00.000Z',
    });
  });

  it('shows a deal through its whole expiry day in Auckland, and hides it the day after', async () => {
    const deal = await createDeal({ title: 'Ends on the 5th', expiryDate: '2026-04-05' });
    const yesterday = await createDeal({ title: 'Ended on the 4th', expiryDate: '2026-04-04' });
    const noExpiry = await createDeal({ title: 'Always on' });
    const inactive = await createDeal({ title: 'Paused', active: false });
    // 01:30 on the 5th in Auckland (still the 4th in UTC).
    let shown = await shownIds();
    expect(shown).toEqual(expect.arrayContaining([deal.id, noExpiry.id]));
    expect(shown).not.toContain(yesterday.id);
    expect(shown).not.toContain(inactive.id);
    // 23:59:59 on the 5th in Auckland (NZST, UTC+12).
    clock = new Date('2026-04-05T11:59:59Z');
    expect(await shownIds()).toContain(deal.id);
    // Midnight: the 6th.
    clock = new Date('2026-04-05T12:00:00Z');
    shown = await shownIds();
    expect(shown).not.toContain(deal.id);
    expect(shown).toContain(noExpiry.id);
    // Admins still see every deal.
    const all = await app.inject({ method: 'GET', url: '/api/deals/all', headers: admin.headers });
    const allIds = all.json<{ deals: DealBody[] }>().deals.map((d) => d.id);
    expect(allIds).toEqual(expect.arrayContaining([deal.id, yesterday.id, noExpiry.id, inactive.id]));
  });

  it.each([
    ['an unknown field', { title: 'x', createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
    ['a javascript: website', { website: 'javascript:alert(1)' }, 'website'],
    ['an impossible expiry date', { expiryDate: '2026-02-30' }, 'expiryDate'],
    ['a non-boolean active', { active: 'yes' }, 'active'],
    ['extra that is not an object', { extra: [1, 2] }, 'extra'],
  ])('refuses %s with 400 naming the field', async (_case, payload, field) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toContain(field);
  });

  it('refuses an empty update, a bad id, and answers 404 for a missing deal', async () => {
    const patch = (id: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/api/deals/${id}`, headers: admin.headers, payload });
    const deal = await createDeal({ title: 'Patch me' });
    expect((await patch(deal.id, {})).statusCode).toBe(400);
    expect((await patch('not-a-uuid', { active: false })).statusCode).toBe(400);
    expect((await patch(MISSING, { active: false })).statusCode).toBe(404);
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/deals/${MISSING}`,
      headers: admin.headers,
    });
    expect(remove.statusCode).toBe(404);
  });

  it.each([
    ['anonymous', () => SAME_ORIGIN, 401],
    ['a member', () => parent.headers, 403],
    ['a moderator', () => moderator.headers, 403],
  ])('refuses %s every admin deal route', async (_who, headers, status) => {
    const deal = await createDeal({ title: 'Admins only' });
    const responses = await Promise.all([
      app.inject({ method: 'GET', url: '/api/deals/all', headers: headers() }),
      app.inject({ method: 'POST', url: '/api/deals', headers: headers(), payload: { title: 'x' } }),
      app.inject({
        method: 'PATCH',
        url: `/api/deals/${deal.id}`,
        headers: headers(),
        payload: { title: 'x' },
      }),
      app.inject({ method: 'DELETE', url: `/api/deals/${deal.id}`, headers: headers() }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([status, status, status, status]);
  });

  it('deletes a deal with its image and logo files', async () => {
    const deal = await createDeal({ title: 'With pictures' });
    const image = await uploadPhoto(app, admin, `/api/deals/${deal.id}/image`);
    const logo = await uploadPhoto(app, admin, `/api/deals/${deal.id}/logo`);
    const listed = (await app.inject({ method: 'GET', url: '/api/deals' }))
      .json<{ deals: DealBody[] }>()
      .deals.find((d) => d.id === deal.id);
    expect(listed).toMatchObject({ imageUrl: image.url, logoUrl: logo.url });
    const keys = [image.url, image.thumbnailUrl, logo.url, logo.thumbnailUrl].map(storageKeyOf);
    for (const key of keys) expect(await storage.get(key)).not.toBeNull();

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/deals/${deal.id}`,
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ deleted: true });
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    expect(await shownIds()).not.toContain(deal.id);
    const upload = await app.inject({
      method: 'PUT',
      url: `/api/deals/${deal.id}/image`,
      headers: admin.headers,
    });
    expect(upload.statusCode).not.toBe(200);
  });

  it('removes the files of a replaced image or logo', async () => {
    const deal = await createDeal({ title: 'New look' });
    const oldLogo = await uploadPhoto(app, admin, `/api/deals/${deal.id}/logo`);
    const oldImage = await uploadPhoto(app, admin, `/api/deals/${deal.id}/image`);
    const newLogo = await uploadPhoto(app, admin, `/api/deals/${deal.id}/logo`);
    const keys = (photo: { url: string; thumbnailUrl: string }) =>
      [photo.url, photo.thumbnailUrl].map(storageKeyOf);
    for (const key of keys(oldLogo)) expect(await storage.get(key)).toBeNull();
    // The image is another picture: replacing the logo leaves it alone.
    for (const key of [...keys(newLogo), ...keys(oldImage)]) expect(await storage.get(key)).not.toBeNull();
  });

  it('rate-limits writes (60 a minute per admin)', async () => {
    const busy = await signInAs(app, 'Busy_Admin');
    await setRole(database(), 'Busy_Admin', 'admin');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/deals/${MISSING}`,
        headers: busy.headers,
        payload: { active: false },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

interface DealBody {
  id: string;
  location: { id: string; name: string; latitude: number; longitude: number } | null;
}

describeEachBackend('a deal may name the play spot it is at', (database) => {
  let app: FastifyInstance;
  let admin: SignedInTestUser;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    admin = await signInAs(app, 'Place_Deal_Admin');
    await setRole(database(), 'Place_Deal_Admin', 'admin');
  });
  afterAll(async () => {
    await app.close();
  });

  const shown = async () => (await app.inject({ url: '/api/deals' })).json<{ deals: DealBody[] }>().deals;

  it('shows the place with the deal, lets it be changed or removed, and keeps the deal when the place goes', async () => {
    const { id: placeId } = await addPlace(app, admin, { name: 'Cafe Playground' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: admin.headers,
      payload: { title: 'Free fluffy with a coffee', locationId: placeId },
    });
    expect(created.statusCode).toBe(201);
    const deal = created.json<{ deal: DealBody }>().deal;
    expect(deal.location).toEqual({
      id: placeId,
      name: 'Cafe Playground',
      latitude: AUCKLAND.lat,
      longitude: AUCKLAND.lng,
    });
    expect((await shown()).find((one) => one.id === deal.id)?.location?.name).toBe('Cafe Playground');

    const cleared = await app.inject({
      method: 'PATCH',
      url: `/api/deals/${deal.id}`,
      headers: admin.headers,
      payload: { locationId: null },
    });
    expect(cleared.json<{ deal: DealBody }>().deal.location).toBeNull();

    await app.inject({
      method: 'PATCH',
      url: `/api/deals/${deal.id}`,
      headers: admin.headers,
      payload: { locationId: placeId },
    });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/locations/${placeId}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    const after = (await shown()).find((one) => one.id === deal.id);
    expect(after?.location).toBeNull();
  });

  it.each([
    ['a place that does not exist', '00000000-0000-4000-8000-000000000000'],
    ['something that is no id', 'cafe'],
  ])('refuses %s with a 400 naming locationId', async (_, locationId) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: admin.headers,
      payload: { title: 'Nowhere', locationId },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/locationId/u);
  });

  it('never answers 500 when the place is deleted while a deal naming it is saved', async () => {
    // The place check and the insert share one transaction, which holds the place until
    // commit: either the deal is saved first (and loses its place with the deletion) or the
    // place is gone first (400). Checked outside it, the insert could meet a deleted place.
    for (let trial = 0; trial < 8; trial += 1) {
      const { id: placeId } = await addPlace(app, admin, { name: `Short-lived Cafe ${String(trial)}` });
      const [saved, deleted] = await Promise.all([
        app.inject({
          method: 'POST',
          url: '/api/deals',
          headers: admin.headers,
          payload: { title: `Race ${String(trial)}`, locationId: placeId },
        }),
        app.inject({ method: 'DELETE', url: `/api/locations/${placeId}`, headers: admin.headers }),
      ]);
      expect([201, 400]).toContain(saved.statusCode);
      expect(deleted.statusCode).toBe(200);
      if (saved.statusCode === 201) {
        const deal = saved.json<{ deal: DealBody }>().deal;
        expect((await shown()).find((one) => one.id === deal.id)?.location ?? null).toBeNull();
      }
    }
  });
});

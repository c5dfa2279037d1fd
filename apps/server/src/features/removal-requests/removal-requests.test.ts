import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

interface RemovalRequestBody {
  id: string;
  locationId: string | null;
  locationName: string | null;
  type: string;
  status: string;
  reason: string;
  createdAt: string;
}

describeEachBackend('removal requests API', (database) => {
  let app: FastifyInstance;
  let requester: SignedInTestUser;
  let other: SignedInTestUser;
  let locationId = '';

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    requester = await signInAs(app, 'Requester');
    other = await signInAs(app, 'OtherParent');
    locationId = (await addPlace(app, other, { name: 'Kauri Glen Playground' })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const create = (user: SignedInTestUser | null, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/removal-requests',
      headers: user?.headers ?? SAME_ORIGIN,
      payload: payload as Record<string, unknown>,
    });
  const listOwn = (user: SignedInTestUser | null) =>
    app.inject({ method: 'GET', url: '/api/me/removal-requests', headers: user?.headers ?? SAME_ORIGIN });

  it('creates a pending location request with the trimmed reason', async () => {
    const response = await create(requester, { locationId, reason: '  The playground was demolished.  ' });
    expect(response.statusCode).toBe(201);
    const { removalRequest } = response.json<{ removalRequest: RemovalRequestBody }>();
    expect(removalRequest).toMatchObject({
      locationId,
      locationName: 'Kauri Glen Playground',
      type: 'location',
      status: 'pending',
      reason: 'The playground was demolished.',
    });
    expect(Date.parse(removalRequest.createdAt)).not.toBeNaN();
  });

  it("creates an account request for 'account-deletion'", async () => {
    const response = await create(requester, { locationId: 'account-deletion', reason: 'Please delete me.' });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ removalRequest: RemovalRequestBody }>().removalRequest).toMatchObject({
      locationId: 'account-deletion',
      locationName: null,
      type: 'account',
      status: 'pending',
    });
  });

  it('refuses a second open request for the same target with 409', async () => {
    const again = await create(requester, { locationId, reason: 'Asking again.' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('already_requested');
    // Someone else may still ask about the same place.
    expect((await create(other, { locationId, reason: 'Closed for good.' })).statusCode).toBe(201);
  });

  it("answers 404 'Location does not exist' for an unknown location", async () => {
    const response = await create(requester, { locationId: MISSING, reason: 'Gone.' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Location does not exist' } });
  });

  it.each([
    ['an empty reason', { locationId: MISSING, reason: '' }, 'reason'],
    ['a reason of spaces', { locationId: MISSING, reason: '    ' }, 'reason'],
    ['a too long reason', { locationId: MISSING, reason: 'x'.repeat(1001) }, 'reason'],
    ['a missing reason', { locationId: MISSING }, 'reason'],
    ['a location id that is not an id', { locationId: 'not-a-uuid', reason: 'Gone.' }, 'locationId'],
    ['a numeric location id', { locationId: 5, reason: 'Gone.' }, 'locationId'],
    ['an unknown field', { locationId: MISSING, reason: 'Gone.', status: 'approved' }, 'status'],
  ])('refuses %s with 400 naming the field', async (_case, payload, field) => {
    const response = await create(requester, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toContain(field);
  });

  it('refuses a body that is not JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/removal-requests',
      headers: { ...requester.headers, 'content-type': 'application/json' },
      payload: '{"locationId":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('lists only the caller’s own requests, newest first, with their status', async () => {
    const own = await listOwn(requester);
    expect(own.statusCode).toBe(200);
    const { removalRequests } = own.json<{ removalRequests: RemovalRequestBody[] }>();
    expect(removalRequests.map((request) => request.type)).toEqual(['account', 'location']);
    expect(removalRequests.every((request) => request.status === 'pending')).toBe(true);
    expect(removalRequests.map((request) => request.locationName)).toEqual([null, 'Kauri Glen Playground']);
    // No user ids of anyone in the answer.
    expect(Object.keys(removalRequests[0] ?? {}).sort()).toEqual(
      ['createdAt', 'id', 'locationId', 'locationName', 'reason', 'status', 'type'].sort(),
    );

    const others = (await listOwn(other)).json<{ removalRequests: RemovalRequestBody[] }>();
    expect(others.removalRequests.map((request) => request.reason)).toEqual(['Closed for good.']);
  });

  it('keeps a request (location id null) after its location is deleted', async () => {
    const target = (await addPlace(app, requester)).id;
    expect(
      (await create(requester, { locationId: target, reason: 'Duplicate of another place.' })).statusCode,
    ).toBe(201);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/locations/${target}`,
      headers: requester.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const { removalRequests } = (await listOwn(requester)).json<{ removalRequests: RemovalRequestBody[] }>();
    expect(removalRequests[0]).toMatchObject({
      reason: 'Duplicate of another place.',
      locationId: null,
      locationName: null,
    });
  });

  describe('anonymous', () => {
    it('cannot create or list (401)', async () => {
      expect((await create(null, { locationId, reason: 'Gone.' })).statusCode).toBe(401);
      expect((await listOwn(null)).statusCode).toBe(401);
    });
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testAuthConfig, testStorage } from './app-options.ts';
import { describeEachBackend } from './database.ts';
import { addPlace, AUCKLAND } from './places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from './sign-in.ts';
import {
  AUTHORIZATION_MATRIX,
  MATRIX_ROLES,
  MATRIX_SCOPE,
  type MatrixContext,
  type MatrixRole,
} from './authorization-matrix.ts';

/**
 * Every route with its methods, from Fastify's route tree (printRoutes): each line is a path
 * segment under its parent, indented four characters per level, with its methods.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+) \(([A-Z, ]+)\)$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describeEachBackend('authorization matrix (events, deals, moderation)', (database) => {
  let app: FastifyInstance;
  const callers = {} as Record<MatrixRole, SignedInTestUser | null>;
  let context: MatrixContext;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    callers.anonymous = null;
    for (const role of MATRIX_ROLES) {
      if (role !== 'anonymous') callers[role] = await signInAs(app, `matrix_${role}`);
    }
    await setRole(database(), 'matrix_moderator', 'moderator');
    await setRole(database(), 'matrix_admin', 'admin');
    // Set-up writes come from people outside the matrix so its callers' rate limits stay free.
    const placer = await signInAs(app, 'matrix_placer');
    const dealer = await signInAs(app, 'matrix_dealer');
    await setRole(database(), 'matrix_dealer', 'admin');
    const owner = callers.owner;
    if (!owner) throw new Error('no owner');

    const post = async (user: SignedInTestUser, url: string, payload: object) => {
      const response = await app.inject({ method: 'POST', url, headers: user.headers, payload });
      if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json<Record<string, { id: string }>>();
    };
    const locationId = (await addPlace(app, placer, { name: 'Matrix Park' })).id;
    const newPrivateEvent = async () =>
      (
        await post(owner, '/api/events', {
          locationId,
          title: 'Private matrix event',
          dayOfWeek: 'Monday',
          time: '10:00',
          repeatPattern: 'Week',
          isPublic: false,
          invitedUserNames: ['matrix_invitee'],
        })
      ).event?.id ?? '';
    const newPlace = async () => (await addPlace(app, placer, { name: 'Matrix Spot' })).id;
    context = {
      locationId,
      privateEventId: await newPrivateEvent(),
      newPrivateEvent,
      newDeal: async () => (await post(dealer, '/api/deals', { title: 'Matrix deal' })).deal?.id ?? '',
      newPlace,
      newRemovalRequest: async () =>
        (await post(owner, '/api/removal-requests', { locationId: await newPlace(), reason: 'Closed' }))
          .removalRequest?.id ?? '',
      newReportedPlace: async () => {
        const reported = await newPlace();
        await post(owner, '/api/reports', {
          targetType: 'location',
          targetId: reported,
          reason: 'wrong-information',
        });
        return reported;
      },
      newBrokenReport: async () => {
        const place = await newPlace();
        // A report needs a visit logged at the place in the last hour (issue 30).
        await post(placer, `/api/locations/${place}/visits`, {
          lat: AUCKLAND.lat,
          lng: AUCKLAND.lng,
          accuracy: 10,
        });
        const broken = await post(placer, `/api/locations/${place}/conditions`, {
          kind: 'broken',
          equipment: 'swing',
        });
        return (broken as unknown as { conditions: { id: string }[] }).conditions[0]?.id ?? '';
      },
    };
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists every registered route of these features', () => {
    const inScope = registeredRoutes(app).filter((route) =>
      MATRIX_SCOPE.some((scope) => scope.test(route.slice(route.indexOf(' ') + 1))),
    );
    const listed = new Set(AUTHORIZATION_MATRIX.map((row) => `${row.method} ${row.route}`));
    expect(inScope.filter((route) => !listed.has(route))).toEqual([]);
    // And no row names a route that does not exist.
    expect([...listed].filter((route) => !inScope.includes(route))).toEqual([]);
    expect(inScope.length).toBe(AUTHORIZATION_MATRIX.length);
  });

  it.each(
    AUTHORIZATION_MATRIX.flatMap((row) =>
      MATRIX_ROLES.map((role) => [row.method, row.route, role, row] as const),
    ),
  )('%s %s as %s', async (_method, _route, role, row) => {
    const { headers, ...request } = await row.request(context);
    const caller = callers[role];
    const response = await app.inject({
      ...request,
      method: row.method,
      headers: { ...(caller ? caller.headers : SAME_ORIGIN), ...headers },
    });
    expect(response.statusCode, response.body).toBe(row.expected[role]);
  });
});

/**
 * Fuzzes every operation of the app's OpenAPI document (so routes added later are covered
 * without editing this file): each gets its example request broken in one place — wrong
 * types, NUL and lone surrogates, huge and non-finite numbers, deep nesting, long text,
 * unknown fields and query parameters, bad ids, other content types, malformed multipart —
 * signed out, as a member and as an admin. Any 5xx, any refusal outside the one error shape,
 * any body showing a stack, SQL or a path fails the test, and so does a request carrying NUL,
 * a lone surrogate or an unknown field that is not refused.
 *
 * Seeded: FUZZ_SEED picks another sample, FUZZ_CASES another number of cases per operation;
 * FUZZ_REPORT=<file> writes every failure there (the test message shows the first few).
 */
import { writeFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testAuthConfig, testStorage } from './app-options.ts';
import { describeEachBackend } from './database.ts';
import { addPlace } from './places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from './sign-in.ts';
import { describeFailure, problemsWith } from './fuzz/checks.ts';
import { operationsOf, type Fixtures, type Operation } from './fuzz/operations.ts';
import { exampleCase, fuzzCases, type FuzzCase } from './fuzz/requests.ts';
import { seededRandom } from './fuzz/values.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 13);
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 40);

interface Caller {
  name: 'signed out' | 'member' | 'admin';
  /** Absent when signed out. */
  session?: SignedInTestUser;
}

const headersOf = (caller: Caller) => caller.session?.headers ?? SAME_ORIGIN;

async function expectStatus(app: FastifyInstance, request: InjectOptions, status: number) {
  const response = await app.inject(request);
  if (response.statusCode !== status) throw new Error(`fixture: ${response.statusCode} ${response.body}`);
  return response.json<Record<string, { id: string }>>();
}

/** Fresh records for the examples to point at (a fuzzed request may have changed or deleted the last). */
async function createFixtures(
  app: FastifyInstance,
  member: SignedInTestUser | undefined,
  admin: SignedInTestUser | undefined,
): Promise<Fixtures> {
  if (!member || !admin) throw new Error('fixture: member and admin must be signed in');
  const place = await addPlace(app, member, { name: 'Fuzz Park' });
  const doomed = await addPlace(app, member, { name: 'Fuzz Park to remove' });
  const { comment } = await expectStatus(
    app,
    {
      method: 'POST',
      url: `/api/locations/${place.id}/comments`,
      headers: member.headers,
      payload: { text: 'Nice' },
    },
    201,
  );
  const { event } = await expectStatus(
    app,
    {
      method: 'POST',
      url: '/api/events',
      headers: member.headers,
      payload: {
        locationId: place.id,
        title: 'Fuzz meetup',
        dayOfWeek: 'Monday',
        time: '10:00',
        repeatPattern: 'Week',
      },
    },
    201,
  );
  const { deal } = await expectStatus(
    app,
    { method: 'POST', url: '/api/deals', headers: admin.headers, payload: { title: 'Fuzz deal' } },
    201,
  );
  const { removalRequest } = await expectStatus(
    app,
    {
      method: 'POST',
      url: '/api/removal-requests',
      headers: member.headers,
      payload: { locationId: doomed.id, reason: 'Closed for good' },
    },
    201,
  );
  if (!comment || !event || !deal || !removalRequest) throw new Error('fixture: missing id');
  return {
    locationId: place.id,
    commentId: comment.id,
    eventId: event.id,
    dealId: deal.id,
    removalRequestId: removalRequest.id,
    userName: member.userName,
  };
}

/** Writes that remove things run last, so the records stay for the other operations. */
const destructiveLast = (a: Operation, b: Operation) =>
  Number(a.method === 'DELETE' || a.path.endsWith('/sign-out')) -
  Number(b.method === 'DELETE' || b.path.endsWith('/sign-out'));

let nextAddress = 0;
/** Signed-out requests come from many addresses, so per-address rate limits rarely cut the fuzzing short. */
const anotherAddress = () => {
  nextAddress++;
  return `198.18.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
};

describeEachBackend('fuzzing every operation of the OpenAPI document', (database) => {
  let app: FastifyInstance;
  const serverLog: string[] = [];

  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      logger: { level: 'error', stream: { write: (line: string) => serverLog.push(line) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses malformed requests with a 4xx in the one error shape, never a 5xx or internals', async () => {
    const operations = operationsOf(app.swagger()).sort(destructiveLast);
    expect(operations.length).toBeGreaterThan(40);

    const member: Caller = { name: 'member', session: await signInAs(app, 'FuzzMember') };
    const admin: Caller = { name: 'admin', session: await signInAs(app, 'FuzzAdmin') };
    await setRole(database(), 'FuzzAdmin', 'admin');
    const callers: Caller[] = [{ name: 'signed out' }, member, admin];

    const random = seededRandom(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const caller of callers) {
      // The member's records are its own, so it may change them; other passes get a fresh
      // owner, whose write limits the member's fuzzing has not used up.
      const owner =
        caller === member ? member.session : await signInAs(app, `FuzzOwner${callers.indexOf(caller)}`);
      const fixtures = await createFixtures(app, owner, admin.session);
      for (const operation of operations) {
        const cases: FuzzCase[] = [
          ...(operation.method === 'GET' ? [exampleCase(operation, fixtures)] : []),
          ...fuzzCases(operation, fixtures, random, CASES_PER_OPERATION),
        ];
        for (const fuzzCase of cases) {
          serverLog.length = 0;
          const response = await app.inject({
            method: fuzzCase.method,
            url: fuzzCase.url,
            headers: {
              ...headersOf(caller),
              ...(fuzzCase.contentType === undefined ? {} : { 'content-type': fuzzCase.contentType }),
            },
            ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
            remoteAddress: anotherAddress(),
          });
          sent++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problems = problemsWith(fuzzCase, response);
          if (problems.length > 0)
            failures.push(describeFailure(fuzzCase, caller.name, response, problems, serverLog));
        }
        // A fuzzed sign-out or account deletion may have ended the session: sign in again.
        if (caller.session) {
          const me = await app.inject({ method: 'GET', url: '/api/me', headers: caller.session.headers });
          if (me.statusCode === 401) caller.session = await signInAs(app, caller.session.userName);
        }
      }
    }

    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, failures.join('\n\n'));
    console.info(
      `fuzz (seed ${SEED}): ${sent} requests over ${operations.length} operations: ${summary.join(' ')}`,
    );
    expect(
      failures,
      `${failures.length} failures; the first:\n\n${failures.slice(0, 12).join('\n\n')}`,
    ).toEqual([]);
  }, 300_000);
});

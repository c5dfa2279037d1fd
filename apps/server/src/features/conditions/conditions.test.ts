/**
 * Live conditions on the API (issue 19): a report from the place, confirmed or cleared by
 * other parents there, gone after its lifetime (a fake clock); issue 30: each write needs a
 * visit logged at the place in the last hour (never coordinates sent with it), ends are
 * limited per person, moderators end any, `reportedAt` is rounded to 5 minutes; closed
 * places leave "near you" (map index and SQL alike); verified counts follow visits; bad
 * input refused in the one error shape; parallel reports make one report.
 */
import type { LiveCondition, PlaceSummary, PlaceConditions } from '@playspot/core';
import {
  CONDITION_ENDS_PER_DAY,
  EQUIPMENT,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  publicReportedAt,
} from '@playspot/core';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const HERE = { lat: AUCKLAND.lat, lng: AUCKLAND.lng, accuracy: 15 };
/** About 2.2 km north: far beyond the visit rule's 300 m plus accuracy. */
const FAR = { lat: AUCKLAND.lat + 0.02, lng: AUCKLAND.lng, accuracy: 15 };

describeEachBackend('live conditions', (database) => {
  let clock = new Date('2026-11-24T09:00:00Z');
  let app: FastifyInstance;
  let sqlApp: FastifyInstance;
  let mum: SignedInTestUser;
  let dad: SignedInTestUser;
  let gran: SignedInTestUser;
  let moderator: SignedInTestUser;

  beforeAll(async () => {
    const options = {
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      now: () => clock,
    };
    app = await buildApp(options);
    sqlApp = await buildApp({ ...options, mapIndex: false });
    mum = await signInAs(app, 'Mum_Conditions');
    dad = await signInAs(app, 'Dad_Conditions');
    gran = await signInAs(app, 'Gran_Conditions');
    moderator = await signInAs(app, 'Mod_Conditions');
    await setRole(database(), 'Mod_Conditions', 'moderator');
  });
  afterAll(async () => {
    await sqlApp.close();
    await app.close();
  });

  const newPlace = async (name: string, overrides: Record<string, unknown> = {}) =>
    (await addPlace(app, mum, { name, ...overrides })).id;
  /** Logs a visit (its own check reads `reading`); one already in the last hour is fine. */
  const visit = async (user: SignedInTestUser, id: string, reading: Record<string, unknown> = HERE) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/locations/${id}/visits`,
      headers: user.headers,
      payload: reading,
    });
    return response.statusCode;
  };
  /** The visit's reading from a test payload's lat/lng/accuracy (HERE when absent), and the rest. */
  const split = (payload: Record<string, unknown>) => {
    const { lat, lng, accuracy, ...body } = payload;
    return { reading: lat === undefined ? HERE : { lat, lng, accuracy: accuracy ?? 15 }, body };
  };
  const send = (user: SignedInTestUser | null, id: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/locations/${id}/conditions`,
      headers: user?.headers ?? {},
      payload,
    });
  /** A report as the app makes it: a visit logged at the place first, then the report. */
  const report = async (user: SignedInTestUser | null, id: string, payload: Record<string, unknown>) => {
    const { reading, body } = split(payload);
    if (user) await visit(user, id, reading);
    return send(user, id, body);
  };
  const reported = async (user: SignedInTestUser, id: string, payload: Record<string, unknown>) => {
    const response = await report(user, id, { ...HERE, ...payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<PlaceConditions>().conditions;
  };
  const sendAnswer = (
    user: SignedInTestUser,
    id: string,
    reportId: string,
    payload: Record<string, unknown>,
  ) =>
    app.inject({
      method: 'PUT',
      url: `/api/locations/${id}/conditions/${reportId}`,
      headers: user.headers,
      payload,
    });
  /** An answer as the app gives it: a visit logged at the place first. */
  const answer = async (
    user: SignedInTestUser,
    id: string,
    reportId: string,
    payload: Record<string, unknown>,
  ) => {
    const { reading, body } = split(payload);
    await visit(user, id, reading);
    return sendAnswer(user, id, reportId, body);
  };
  const conditionsOf = async (id: string, user: SignedInTestUser | null = null) => {
    const response = await app.inject({
      url: `/api/locations/${id}/conditions`,
      headers: user?.headers ?? {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlaceConditions>().conditions;
  };
  const only = (conditions: LiveCondition[], kind: string) => {
    const found = conditions.filter((condition) => condition.kind === kind);
    expect(found).toHaveLength(1);
    return found[0] as LiveCondition;
  };
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  describe('report, confirm, clear, expire', () => {
    it('a parent at the place reports wet: shown to everyone, with its age and one parent', async () => {
      const place = await newPlace('Wet Park');
      const response = await report(mum, place, { kind: 'wet', ...HERE });
      expect(response.statusCode, response.body).toBe(201);
      const wet = only(await conditionsOf(place), 'wet');
      expect(wet).toMatchObject({
        equipment: null,
        reportedAt: clock.toISOString(),
        lastConfirmedAt: publicReportedAt(clock).toISOString(),
        expiresAt: new Date(clock.getTime() + 12 * MS_PER_HOUR).toISOString(),
        parents: 1,
        // The report rests on the visit logged just before it (issue 30).
        verifiedVisitors: 1,
        myAnswer: null,
      });
      expect(only(await conditionsOf(place, mum), 'wet').myAnswer).toBe('still');
      // Nothing about who reported it.
      expect(JSON.stringify(wet)).not.toMatch(/Mum_Conditions|userId|user/u);
    });

    it('a second parent reporting the same confirms it (200), a third says still: 3 parents, later expiry', async () => {
      const place = await newPlace('Busy Wet Park');
      await reported(mum, place, { kind: 'wet' });
      later(40 * MS_PER_MINUTE);
      const again = await report(dad, place, { kind: 'wet', ...HERE });
      expect(again.statusCode, again.body).toBe(200);
      const wet = only(again.json<PlaceConditions>().conditions, 'wet');
      expect(wet.parents).toBe(2);
      later(10 * MS_PER_MINUTE);
      const still = await answer(gran, place, wet.id, { answer: 'still', ...HERE });
      expect(still.statusCode, still.body).toBe(200);
      expect(only(still.json<PlaceConditions>().conditions, 'wet')).toMatchObject({
        parents: 3,
        lastConfirmedAt: publicReportedAt(clock).toISOString(),
        expiresAt: new Date(clock.getTime() + 12 * MS_PER_HOUR).toISOString(),
      });
      // Saying it twice counts a parent once.
      const twice = await answer(gran, place, wet.id, { answer: 'still', ...HERE });
      expect(only(twice.json<PlaceConditions>().conditions, 'wet').parents).toBe(3);
    });

    it('"not any more" from another parent there ends it for everyone', async () => {
      const place = await newPlace('Drying Park');
      const wet = only(await reported(mum, place, { kind: 'wet' }), 'wet');
      const gone = await answer(dad, place, wet.id, { answer: 'gone', ...HERE });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(await conditionsOf(place)).toEqual([]);
      // An answer to an ended report: 404 with a message that says so.
      const late = await answer(gran, place, wet.id, { answer: 'still', ...HERE });
      expect(late.statusCode).toBe(404);
      expect(late.json<{ error: { code: string } }>().error.code).toBe('not_found');
    });

    it('expires on time: busy lasts 2 hours, wet 12, broken 14 days', async () => {
      const place = await newPlace('Timed Park');
      await reported(mum, place, { kind: 'busy' });
      await reported(mum, place, { kind: 'wet' });
      await reported(mum, place, { kind: 'broken', equipment: 'slide' });
      later(2 * MS_PER_HOUR - 1000);
      expect((await conditionsOf(place)).map((c) => c.kind).sort()).toEqual(['broken', 'busy', 'wet']);
      later(1000);
      expect((await conditionsOf(place)).map((c) => c.kind).sort()).toEqual(['broken', 'wet']);
      later(10 * MS_PER_HOUR);
      expect((await conditionsOf(place)).map((c) => c.kind)).toEqual(['broken']);
      later(14 * MS_PER_DAY);
      expect(await conditionsOf(place)).toEqual([]);
    });

    it('quiet ends busy; a broken slide and a broken swing are two reports', async () => {
      const place = await newPlace('Changing Park');
      await reported(mum, place, { kind: 'busy' });
      const after = await reported(dad, place, { kind: 'quiet' });
      expect(after.map((c) => c.kind)).toEqual(['quiet']);
      await reported(mum, place, { kind: 'broken', equipment: 'slide' });
      const both = await reported(dad, place, { kind: 'broken', equipment: 'swing' });
      expect(
        both
          .filter((c) => c.kind === 'broken')
          .map((c) => c.equipment)
          .sort(),
      ).toEqual(['slide', 'swing']);
    });

    it('summaries carry the live conditions in brief, and drop them when they end', async () => {
      const place = await newPlace('Summary Park', { latitude: -36.9, longitude: 174.9 });
      await reported(mum, place, { kind: 'ice_cream_van', lat: -36.9, lng: 174.9 });
      for (const server of [app, sqlApp]) {
        const response = await server.inject({
          url: '/api/locations/summaries?lat=-36.9&lng=174.9&radiusKm=1',
        });
        const summary = response.json<{ items: PlaceSummary[] }>().items.find((item) => item.id === place);
        expect(summary?.conditions).toEqual([
          {
            kind: 'ice_cream_van',
            equipment: null,
            lastConfirmedAt: publicReportedAt(clock).toISOString(),
            expiresAt: new Date(clock.getTime() + MS_PER_HOUR).toISOString(),
            parents: 1,
          },
        ]);
      }
      // Markers carry the kinds, for a badge on the pin.
      for (const server of [app, sqlApp]) {
        const viewport = await server.inject({
          url: '/api/locations/viewport?west=174.89&south=-36.91&east=174.91&north=-36.89&zoom=15',
        });
        const point = viewport
          .json<{ points: { id: string; conditions?: string[] }[] }>()
          .points.find((candidate) => candidate.id === place);
        expect(point?.conditions).toEqual(['ice_cream_van']);
      }
      later(MS_PER_HOUR);
      const response = await app.inject({ url: '/api/locations/summaries?lat=-36.9&lng=174.9&radiusKm=1' });
      const summary = response.json<{ items: PlaceSummary[] }>().items.find((item) => item.id === place);
      expect(summary?.conditions).toBeUndefined();
    });
  });

  describe('only after a visit logged there in the last hour (issue 30)', () => {
    const codeOf = (response: { json: () => unknown }) =>
      (response.json() as { error: { code: string; message: string } }).error;

    it("refuses anyone's report, confirmation or end without such a visit, even with the place's own coordinates", async () => {
      const place = await newPlace('Unvisited Park');
      const icy = only(await reported(mum, place, { kind: 'icy' }), 'icy');
      const stranger = await signInAs(app, 'Stranger_Conditions');
      // The attack of issue 30: the place's own coordinates in the body. Not taken any more.
      const claimed = await sendAnswer(stranger, place, icy.id, { answer: 'gone', ...HERE });
      expect(claimed.statusCode).toBe(400);
      for (const word of ['still', 'gone']) {
        const refused = await sendAnswer(stranger, place, icy.id, { answer: word });
        expect(refused.statusCode, refused.body).toBe(403);
        expect(codeOf(refused)).toMatchObject({
          code: 'visit_needed',
          message: 'Only someone who logged a visit here in the last hour can say how it is.',
        });
      }
      const newReport = await send(stranger, place, { kind: 'busy' });
      expect(newReport.statusCode).toBe(403);
      expect(codeOf(newReport).code).toBe('visit_needed');
      expect(await conditionsOf(place)).toMatchObject([{ id: icy.id, parents: 1 }]);
    });

    it('a visit to another place, or one more than an hour ago, does not count; a visit from 2 km away is refused', async () => {
      const place = await newPlace('Hour Park');
      const elsewhere = await newPlace('Elsewhere Park', { latitude: AUCKLAND.lat + 0.001 });
      const wet = only(await reported(mum, place, { kind: 'wet' }), 'wet');
      expect(await visit(dad, elsewhere)).toBe(201);
      expect((await sendAnswer(dad, place, wet.id, { answer: 'gone' })).statusCode).toBe(403);
      // From 2 km away the visit itself is refused, so nothing can follow it.
      expect(await visit(dad, place, FAR)).toBe(422);
      expect((await sendAnswer(dad, place, wet.id, { answer: 'gone' })).statusCode).toBe(403);
      expect(await visit(dad, place)).toBe(201);
      later(MS_PER_HOUR - 1000);
      expect((await sendAnswer(dad, place, wet.id, { answer: 'still' })).statusCode).toBe(200);
      later(1000);
      const stale = await sendAnswer(dad, place, wet.id, { answer: 'gone' });
      expect(stale.statusCode).toBe(403);
      expect(only(await conditionsOf(place), 'wet').parents).toBe(2);
    });

    it(`ends are limited to ${CONDITION_ENDS_PER_DAY} a day per person; moderators end any report, from anywhere`, async () => {
      const place = await newPlace('Many Broken Park');
      for (const equipment of EQUIPMENT) await reported(mum, place, { kind: 'broken', equipment });
      const reports = await conditionsOf(place);
      expect(reports).toHaveLength(EQUIPMENT.length);
      const ender = await signInAs(app, 'Ender_Conditions');
      expect(await visit(ender, place)).toBe(201);
      const statuses: number[] = [];
      for (const condition of reports) {
        statuses.push((await sendAnswer(ender, place, condition.id, { answer: 'gone' })).statusCode);
      }
      expect(statuses).toEqual([
        ...Array<number>(CONDITION_ENDS_PER_DAY).fill(200),
        ...Array<number>(reports.length - CONDITION_ENDS_PER_DAY).fill(429),
      ]);
      const last = reports[reports.length - 1] as LiveCondition;
      const quota = await sendAnswer(ender, place, last.id, { answer: 'gone' });
      expect(codeOf(quota).code).toBe('condition_quota');
      // Confirming is not an end: still allowed.
      expect((await sendAnswer(ender, place, last.id, { answer: 'still' })).statusCode).toBe(200);
      // A day later, the ender may end one again (after a new visit).
      later(MS_PER_DAY);
      expect(await visit(ender, place)).toBe(201);
      const mumAgain = only(await reported(mum, place, { kind: 'wet' }), 'wet');
      expect((await sendAnswer(ender, place, mumAgain.id, { answer: 'gone' })).statusCode).toBe(200);
      // A moderator who never visited ends the remaining broken one.
      const open = (await conditionsOf(place)).filter((condition) => condition.kind === 'broken');
      expect(open).toHaveLength(1);
      const moderated = await sendAnswer(moderator, place, (open[0] as LiveCondition).id, { answer: 'gone' });
      expect(moderated.statusCode, moderated.body).toBe(200);
      expect(await conditionsOf(place)).toEqual([]);
      // But a moderator reports like anyone: after a visit.
      expect((await send(moderator, place, { kind: 'busy' })).statusCode).toBe(403);
    });
  });

  describe('the public reportedAt (issue 30)', () => {
    it('is rounded down to 5 minutes in the place, the broken list and its CSV', async () => {
      const place = await newPlace('Rounded Park');
      clock = new Date('2026-11-30T09:07:31.517Z');
      const swing = only(await reported(mum, place, { kind: 'broken', equipment: 'swing' }), 'broken');
      expect(swing.reportedAt).toBe('2026-11-30T09:05:00.000Z');
      expect(only(await conditionsOf(place), 'broken').reportedAt).toBe('2026-11-30T09:05:00.000Z');
      const list = await app.inject({ url: '/api/conditions/broken' });
      const listed = list
        .json<{ reports: { id: string; reportedAt: string }[] }>()
        .reports.find((entry) => entry.id === swing.id);
      expect(listed?.reportedAt).toBe('2026-11-30T09:05:00.000Z');
      const csv = await app.inject({ url: '/api/conditions/broken.csv' });
      expect(csv.body).toContain(`,swing,2026-11-30T09:05:00.000Z,`);
    });

    it('as are lastConfirmedAt (down) and expiresAt (up) everywhere (issue 44)', async () => {
      const place = await newPlace('Confirmed Park');
      clock = new Date('2026-12-01T09:07:31.517Z');
      const swing = only(await reported(mum, place, { kind: 'broken', equipment: 'swing' }), 'broken');
      expect(swing.lastConfirmedAt).toBe('2026-12-01T09:05:00.000Z');
      clock = new Date('2026-12-01T09:12:44.201Z');
      const confirmed = await answer(dad, place, swing.id, { answer: 'still' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const shown = only(await conditionsOf(place), 'broken');
      expect(shown.lastConfirmedAt).toBe('2026-12-01T09:10:00.000Z');
      const onStep = (iso: string) => new Date(iso).getTime() % (5 * MS_PER_MINUTE) === 0;
      expect(onStep(shown.expiresAt), shown.expiresAt).toBe(true);
      expect(new Date(shown.expiresAt).getTime()).toBeGreaterThan(clock.getTime());
      const list = await app.inject({ url: '/api/conditions/broken' });
      const listed = list
        .json<{ reports: { id: string; lastConfirmedAt: string }[] }>()
        .reports.find((entry) => entry.id === swing.id);
      expect(listed?.lastConfirmedAt).toBe('2026-12-01T09:10:00.000Z');
      const csv = await app.inject({ url: '/api/conditions/broken.csv' });
      expect(csv.body).toContain(`,swing,2026-12-01T09:05:00.000Z,2026-12-01T09:10:00.000Z,2`);
      // The summaries' briefs, from the map index and from SQL alike.
      for (const server of [app, sqlApp]) {
        await expect
          .poll(async () => {
            const response = await server.inject({
              url: `/api/locations/summaries?lat=${HERE.lat}&lng=${HERE.lng}&radiusKm=1&limit=100`,
            });
            expect(response.statusCode, response.body).toBe(200);
            return response.json<{ items: PlaceSummary[] }>().items.find((item) => item.id === place)
              ?.conditions;
          })
          .toEqual([
            {
              kind: 'broken',
              equipment: 'swing',
              lastConfirmedAt: '2026-12-01T09:10:00.000Z',
              expiresAt: shown.expiresAt,
              parents: 2,
            },
          ]);
      }
    });
  });

  describe('broken.csv cells (issue 44)', () => {
    it('never start like a formula, read back by a CSV parser as the text with a leading apostrophe', async () => {
      const formula = "=cmd|' /C calc'!A0";
      const place = await newPlace('@Formula Park');
      await database().query(
        sql`update locations set facts = jsonb_build_object('operator', ${formula}::text) where id = ${place}`,
      );
      const swing = only(await reported(mum, place, { kind: 'broken', equipment: 'swing' }), 'broken');
      const csv = await app.inject({
        url: `/api/conditions/broken.csv?operator=${encodeURIComponent(formula)}`,
      });
      expect(csv.statusCode, csv.body).toBe(200);
      const rows = parseCsv<Record<string, string>>(csv.body, { columns: true });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        report_id: swing.id,
        place: "'@Formula Park",
        operator: `'${formula}`,
        longitude: String(HERE.lng),
      });
      // Coordinates stay numbers (a negative latitude is data); every text cell is inert.
      const { latitude: _latitude, longitude: _longitude, ...texts } = rows[0] ?? {};
      for (const cell of Object.values(texts)) expect(cell).not.toMatch(/^[=+\-@\t\r]/u);
    });
  });

  describe('closed for works', () => {
    it('leaves "near you" (index and SQL) unless asked for, and comes back when cleared', async () => {
      const at = { lat: -36.95, lng: 174.6 };
      const place = await newPlace('Works Park', { latitude: at.lat, longitude: at.lng });
      const open = await newPlace('Open Park', { latitude: at.lat + 0.001, longitude: at.lng });
      const idsNear = async (server: FastifyInstance, extra = '') => {
        const response = await server.inject({
          url: `/api/locations/summaries?lat=${at.lat}&lng=${at.lng}&radiusKm=1${extra}`,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ items: PlaceSummary[] }>().items.map((item) => item.id);
      };
      const closed = only(await reported(dad, place, { kind: 'closed', ...at, accuracy: 10 }), 'closed');
      for (const server of [app, sqlApp]) {
        expect(await idsNear(server)).toEqual([open]);
        expect(await idsNear(server, '&includeClosed=true')).toEqual([place, open]);
        const list = await server.inject({ url: `/api/locations?lat=${at.lat}&lng=${at.lng}&radiusKm=1` });
        expect(list.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([open]);
      }
      const reopened = await answer(gran, place, closed.id, { answer: 'gone', ...at, accuracy: 10 });
      expect(reopened.statusCode, reopened.body).toBe(200);
      for (const server of [app, sqlApp]) expect(await idsNear(server)).toEqual([place, open]);
    });

    it('a closure nobody confirms ends after 14 days and the place is near you again', async () => {
      const at = { lat: -36.97, lng: 174.62 };
      const place = await newPlace('Long Works Park', { latitude: at.lat, longitude: at.lng });
      await reported(dad, place, { kind: 'closed', ...at, accuracy: 10 });
      const near = async () =>
        (await sqlApp.inject({ url: `/api/locations/summaries?lat=${at.lat}&lng=${at.lng}&radiusKm=0.5` }))
          .json<{ items: PlaceSummary[] }>()
          .items.map((item) => item.id);
      expect(await near()).toEqual([]);
      later(14 * MS_PER_DAY);
      expect(await near()).toEqual([place]);
    });
  });

  describe('verified by visits', () => {
    it('counts parents who logged a visit here in the month before, never who they are', async () => {
      const place = await newPlace('Visited Park');
      const visit = await app.inject({
        method: 'POST',
        url: `/api/locations/${place}/visits`,
        headers: dad.headers,
        payload: HERE,
      });
      expect(visit.statusCode, visit.body).toBe(201);
      // Gran's only visit was 31 days ago: too old to verify.
      await database().query(sql`
        insert into visits (location_id, user_id, visited_at)
        select ${place}, id, ${new Date(clock.getTime() - 31 * MS_PER_DAY).toISOString()}::timestamptz
        from users where user_name = ${gran.userName}`);
      // A report from before issue 30 (no visit needed then): nobody verified.
      const [legacy] = await database().query<{ id: string }>(sql`
        insert into condition_reports (location_id, kind, reported_at, last_confirmed_at, expires_at)
        values (${place}, 'wet', ${clock.toISOString()}::timestamptz, ${clock.toISOString()}::timestamptz,
          ${new Date(clock.getTime() + 12 * MS_PER_HOUR).toISOString()}::timestamptz)
        returning id`);
      await database().query(sql`
        insert into condition_confirmations (report_id, user_id, confirmed_at)
        select ${legacy?.id}, id, ${clock.toISOString()}::timestamptz from users where user_name = ${mum.userName}`);
      const wet = only(await conditionsOf(place), 'wet');
      expect(wet).toMatchObject({ parents: 1, verifiedVisitors: 0 });
      later(MS_PER_MINUTE);
      // Dad's visit was a minute ago; Gran's old one is joined by the visit she logs now.
      await answer(dad, place, wet.id, { answer: 'still', ...HERE });
      await answer(gran, place, wet.id, { answer: 'still', ...HERE });
      expect(only(await conditionsOf(place), 'wet')).toMatchObject({ parents: 3, verifiedVisitors: 2 });
      // Verified reports are listed first.
      const busy = only(await reported(mum, place, { kind: 'busy' }), 'busy');
      expect((await conditionsOf(place)).map((c) => c.id)).toEqual([wet.id, busy.id]);
    });
  });

  describe('broken equipment for moderators and councils', () => {
    it('lists open reports by operator (JSON and CSV); a moderator closes a fixed one', async () => {
      const council = 'Test City Council Parks';
      const place = await newPlace('Council Park');
      await database().query(
        sql`update locations set facts = jsonb_build_object('operator', ${council}::text) where id = ${place}`,
      );
      const swing = only(await reported(mum, place, { kind: 'broken', equipment: 'swing' }), 'broken');
      await reported(dad, place, { kind: 'broken', equipment: 'swing' });
      const list = await app.inject({
        url: `/api/conditions/broken?operator=${encodeURIComponent(council)}`,
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ reports: unknown[] }>().reports).toEqual([
        {
          id: swing.id,
          equipment: 'swing',
          reportedAt: swing.reportedAt,
          lastConfirmedAt: publicReportedAt(clock).toISOString(),
          parents: 2,
          place: {
            id: place,
            name: 'Council Park',
            latitude: HERE.lat,
            longitude: HERE.lng,
            operator: council,
          },
        },
      ]);
      const csv = await app.inject({
        url: `/api/conditions/broken.csv?operator=${encodeURIComponent(council)}`,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/u);
      expect(csv.body.split('\n')[0]).toBe(
        'report_id,place_id,place,operator,latitude,longitude,equipment,reported_at,last_confirmed_at,parents',
      );
      expect(csv.body).toContain(`${swing.id},${place},Council Park,${council},`);
      const other = await app.inject({ url: '/api/conditions/broken?operator=Nobody' });
      expect(other.json<{ reports: unknown[] }>().reports).toEqual([]);

      const refused = await app.inject({
        method: 'POST',
        url: `/api/moderation/conditions/${swing.id}/close`,
        headers: mum.headers,
      });
      expect(refused.statusCode).toBe(403);
      const fixed = await app.inject({
        method: 'POST',
        url: `/api/moderation/conditions/${swing.id}/close`,
        headers: moderator.headers,
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(await conditionsOf(place)).toEqual([]);
      const after = await app.inject({
        url: `/api/conditions/broken?operator=${encodeURIComponent(council)}`,
      });
      expect(after.json<{ reports: unknown[] }>().reports).toEqual([]);
    });
  });

  describe('bad input', () => {
    it.each([
      ['an unknown kind', { kind: 'sunny' }, 400],
      ['broken without equipment', { kind: 'broken' }, 400],
      ['equipment on wet', { kind: 'wet', equipment: 'swing' }, 400],
      ['unknown equipment', { kind: 'broken', equipment: 'rocket' }, 400],
      ['coordinates (no longer taken)', { kind: 'wet', ...HERE }, 400],
      ['an unknown field', { kind: 'wet', note: 'muddy' }, 400],
      ['a number for the kind', { kind: 7 }, 400],
      ['no body', null, 400],
    ])('refuses %s with 400 in the one error shape', async (_name, payload, status) => {
      const place = await newPlace('Bad Input Park');
      expect(await visit(mum, place)).toBe(201);
      const response = await app.inject({
        method: 'POST',
        url: `/api/locations/${place}/conditions`,
        headers: { ...mum.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ error: { code: string; message: string } }>().error.code).toBe(
        'validation_failed',
      );
    });

    it('refuses signed out (401), an unknown place (404), a malformed id (400), an unknown report (404)', async () => {
      const place = await newPlace('Guarded Park');
      expect((await report(null, place, { kind: 'wet', ...HERE })).statusCode).toBe(401);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await report(mum, unknown, { kind: 'wet', ...HERE })).statusCode).toBe(404);
      expect((await app.inject({ url: `/api/locations/${unknown}/conditions` })).statusCode).toBe(404);
      expect((await report(mum, 'not-an-id', { kind: 'wet', ...HERE })).statusCode).toBe(400);
      expect((await answer(mum, place, unknown, { answer: 'still', ...HERE })).statusCode).toBe(404);
      expect((await answer(mum, place, unknown, { answer: 'maybe', ...HERE })).statusCode).toBe(400);
    });
  });

  describe('two parents at once', () => {
    it('five parents reporting wet at the same moment make one report of five parents', async () => {
      const place = await newPlace('Crowded Park');
      const parents = await Promise.all(
        ['A', 'B', 'C', 'D', 'E'].map((letter) => signInAs(app, `Parallel_${letter}_Conditions`)),
      );
      const responses = await Promise.all(
        parents.map((parent) => report(parent, place, { kind: 'wet', ...HERE })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(only(await conditionsOf(place), 'wet').parents).toBe(5);
    });

    it(`one parent ending reports at ${CONDITION_ENDS_PER_DAY + 2} places at once, through two servers, still ends only ${CONDITION_ENDS_PER_DAY}`, async () => {
      const places = await Promise.all(
        Array.from({ length: CONDITION_ENDS_PER_DAY + 2 }, (_, index) => newPlace(`Racing Park ${index}`)),
      );
      const reportIds: string[] = [];
      for (const place of places) reportIds.push(only(await reported(mum, place, { kind: 'wet' }), 'wet').id);
      const ender = await signInAs(app, 'Racing_Ender_Conditions');
      for (const place of places) expect(await visit(ender, place)).toBe(201);
      // Through two servers on one database, as when PlaySpot runs several processes: each
      // admits a person's writes two at a time, so up to four ends race.
      const responses = await Promise.all(
        places.map((place, index) =>
          (index % 2 === 0 ? app : sqlApp).inject({
            method: 'PUT',
            url: `/api/locations/${place}/conditions/${reportIds[index] ?? ''}`,
            headers: ender.headers,
            payload: { answer: 'gone' },
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([
        ...Array<number>(CONDITION_ENDS_PER_DAY).fill(200),
        ...Array<number>(2).fill(429),
      ]);
    });
  });
});

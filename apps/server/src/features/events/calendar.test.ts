/**
 * Events in calendars (issue 33), read back with a real iCalendar parser (ical.js): an event's
 * .ics has its repeat rule and starts at the place's wall time across daylight-saving changes
 * (VTIMEZONE included); a place's feed lists its public events only; "my events" is behind a
 * secret address that a new one replaces and that can be turned off.
 */
import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { SAME_ORIGIN, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

describeEachBackend('events in calendars', (database) => {
  let app: FastifyInstance;
  let owner: SignedInTestUser;
  let friend: SignedInTestUser;
  let locationId: string;
  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    const [row] = await database().query<{ id: string }>(
      sql`insert into locations (name, latitude, longitude, time_zone)
          values ('Spielplatz Kalender', 53.87, 10.69, 'Europe/Berlin') returning id`,
    );
    if (!row) throw new Error('no place');
    locationId = row.id;
    owner = await signInAs(app, 'Cal_Owner');
    friend = await signInAs(app, 'Cal_Friend');
  });
  afterAll(async () => {
    await app.close();
  });

  const createEvent = async (body: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: owner.headers,
      payload: { locationId, description: null, isPublic: true, invitedUserNames: [], ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ event: { id: string } }>().event.id;
  };
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);
  const starts = (text: string, uid: string, count: number) => {
    const calendar = parse(text);
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const vevent = calendar.getAllSubcomponents('vevent').find((e) => e.getFirstPropertyValue('uid') === uid);
    if (!vevent) throw new Error(`no ${uid}`);
    const event = new ICAL.Event(vevent);
    const iterator = event.iterator();
    const out: string[] = [];
    while (out.length < count) {
      // ical.js's types promise a time; at the end of a finite rule it gives null.
      const next = iterator.next() as ICAL.Time | null;
      if (!next) break;
      out.push(next.toJSDate().toISOString());
    }
    return { event, out };
  };

  it('writes one event as .ics: its monthly rule, at 10:00 in Lübeck in winter and in summer', async () => {
    const id = await createEvent({
      title: 'Laternenbasteln',
      dayOfWeek: 'Saturday',
      time: '10:00',
      repeatPattern: 'Month last',
    });
    const response = await app.inject({ url: `/api/events/${id}/calendar.ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const text = response.body;
    expect(text).toContain('RRULE:FREQ=MONTHLY;BYDAY=-1SA');
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(text).toMatch(/DTSTART;TZID=Europe\/Berlin:\d{8}T100000/);
    const { event, out } = starts(text, `${id}@playspot`, 14);
    expect(event.summary).toBe('Laternenbasteln');
    expect(event.location).toBe('Spielplatz Kalender');
    // Each start is the last Saturday of its month at 10:00 Berlin time (09:00Z in winter, 08:00Z in summer).
    for (const iso of out) {
      const at = new Date(iso);
      const wall = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(at);
      expect(wall).toBe('Saturday 10:00');
      const nextWeek = new Date(at.getTime() + 7 * 86_400_000);
      expect(nextWeek.getUTCMonth()).not.toBe(at.getUTCMonth());
    }
    expect(new Set(out.map((iso) => iso.slice(11, 16)))).toEqual(new Set(['09:00', '08:00']));
  });

  it('keeps private events to those who may see them', async () => {
    const id = await createEvent({
      title: 'Geheim',
      dayOfWeek: 'Monday',
      time: '16:30',
      repeatPattern: 'Week',
      isPublic: false,
      invitedUserNames: ['Cal_Friend'],
    });
    expect((await app.inject({ url: `/api/events/${id}/calendar.ics` })).statusCode).toBe(404);
    const invited = await app.inject({ url: `/api/events/${id}/calendar.ics`, headers: friend.headers });
    expect(invited.statusCode).toBe(200);
    expect(invited.headers['cache-control']).toContain('no-store');
    expect(starts(invited.body, `${id}@playspot`, 1).event.summary).toBe('Geheim');
    // The place's feed shows public events only.
    const feed = await app.inject({ url: `/api/locations/${locationId}/events.ics` });
    expect(feed.statusCode).toBe(200);
    const titles = parse(feed.body)
      .getAllSubcomponents('vevent')
      .map((e) => e.getFirstPropertyValue('summary'));
    expect(titles).toContain('Laternenbasteln');
    expect(titles).not.toContain('Geheim');
  });

  it('serves my events behind a secret address that a new one replaces and that can be turned off', async () => {
    const status = await app.inject({ url: '/api/me/calendar-feed', headers: friend.headers });
    expect(status.json()).toEqual({ active: false, createdAt: null });
    const made = await app.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: friend.headers });
    expect(made.statusCode, made.body).toBe(200);
    const { token } = made.json<{ token: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is kept.
    const stored = await database().query<{ token_hash: string }>(
      sql`select token_hash from calendar_feed_tokens`,
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    const feed = await app.inject({ url: `/api/calendar-feeds/${token}/my-events.ics` });
    expect(feed.statusCode).toBe(200);
    const titles = parse(feed.body)
      .getAllSubcomponents('vevent')
      .map((e) => e.getFirstPropertyValue('summary'));
    expect(titles).toEqual(['Geheim']);
    // A new address stops the old one.
    const again = await app.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: friend.headers });
    const second = again.json<{ token: string }>().token;
    expect((await app.inject({ url: `/api/calendar-feeds/${token}/my-events.ics` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/calendar-feeds/${second}/my-events.ics` })).statusCode).toBe(200);
    // Turned off: gone.
    const off = await app.inject({ method: 'DELETE', url: '/api/me/calendar-feed', headers: friend.headers });
    expect(off.json()).toEqual({ revoked: true });
    const gone = await app.inject({ url: `/api/calendar-feeds/${second}/my-events.ics` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: { code: expect.any(String) as unknown } });
  });

  it('refuses malformed addresses and ids without a 500', async () => {
    for (const url of [
      '/api/calendar-feeds/short/my-events.ics',
      '/api/calendar-feeds/' + 'a'.repeat(42) + '!/my-events.ics',
      '/api/events/not-a-uuid/calendar.ics',
      '/api/locations/not-a-uuid/events.ics',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ error: { code: expect.any(String) as unknown } });
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: SAME_ORIGIN })).statusCode,
    ).toBe(401);
  });

  it('writes no control character into a TEXT value (issue 44): a lone CR cannot start a property', async () => {
    const [row] = await database().query<{ id: string }>(
      sql`insert into locations (name, latitude, longitude, time_zone)
          values (${'Spielplatz\fX-INJ-FF:1'}, 53.86, 10.68, 'Europe/Berlin') returning id`,
    );
    if (!row) throw new Error('no place');
    const response = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: owner.headers,
      payload: {
        locationId: row.id,
        title: 'T3\rX-INJ-CR:1',
        description: 'Bring\u000Bsnacks\u0085X-INJ-NEL:1\u2028and a hat',
        dayOfWeek: 'Sunday',
        time: '11:00',
        repeatPattern: 'Week',
        isPublic: true,
        invitedUserNames: [],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ event: { id: string } }>().event.id;
    for (const url of [`/api/events/${id}/calendar.ics`, `/api/locations/${row.id}/events.ics`]) {
      const text = (await app.inject({ url })).body;
      // A naive reader splits lines on CR, LF and the Unicode separators: no injected property.
      // eslint-disable-next-line no-control-regex -- splitting on control characters is the point
      const lines = text.split(/\r\n|\r|\n|\u000B|\u000C|\u0085|\u2028|\u2029/u);
      expect(
        lines.filter((line) => line.startsWith('X-INJ')),
        url,
      ).toEqual([]);
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(text, url).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/u);
      // Times at the public precision (5 minutes), as everywhere else.
      expect(text).toMatch(/^LAST-MODIFIED:\d{8}T\d{3}[05]00Z\r$/mu);
      const vevent = parse(text).getFirstSubcomponent('vevent');
      if (!vevent) throw new Error(`no event in ${url}`);
      const event = new ICAL.Event(vevent);
      expect(event.summary).toBe('T3X-INJ-CR:1');
      expect(event.description).toBe('BringsnacksX-INJ-NEL:1 and a hat');
      expect(event.location).toBe('SpielplatzX-INJ-FF:1');
    }
  });

  it("ends each occurrence at its end in the place's zone (DTEND, issue 45), named after the event", async () => {
    const id = await createEvent({
      title: 'Krabbeltreff im Bauhof',
      dayOfWeek: 'Tuesday',
      time: '10:00',
      endTime: '11:30',
      repeatPattern: 'Week',
    });
    const response = await app.inject({ url: `/api/events/${id}/calendar.ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="krabbeltreff-im-bauhof.ics"');
    const text = response.body;
    expect(text).not.toContain('DURATION:PT60M');
    expect(text).toMatch(/DTSTART;TZID=Europe\/Berlin:\d{8}T100000\r\n/u);
    expect(text).toMatch(/DTEND;TZID=Europe\/Berlin:\d{8}T113000\r\n/u);
    const { event, out } = starts(text, `${id}@playspot`, 30);
    // 90 minutes in winter and in summer: the end is wall time in Berlin, as the start is.
    expect(event.duration.toSeconds()).toBe(90 * 60);
    expect(new Set(out.map((iso) => iso.slice(11, 16)))).toEqual(new Set(['09:00', '08:00']));
  });

  it('names a file with other letters in RFC 6266 filename* (UTF-8), with an ASCII filename beside it', async () => {
    const id = await createEvent({
      title: 'Café am Teich',
      dayOfWeek: 'Friday',
      time: '15:00',
      repeatPattern: 'Week',
    });
    const response = await app.inject({ url: `/api/events/${id}/calendar.ics` });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="caf_-am-teich.ics"; filename*=UTF-8''caf%C3%A9-am-teich.ics`,
    );
    // No end given: an hour, as every event made before ends were stored.
    expect(response.body).toMatch(/DTEND;TZID=Europe\/Berlin:\d{8}T160000\r\n/u);
  });

  it('keeps an event made before ends were stored at its hour, and its .ics too', async () => {
    const [row] = await database().query<{ id: string }>(
      sql`insert into events (location_id, created_by_user_id, title, day_of_week, time, repeat_pattern)
          select ${locationId}, id, 'Alter Treff', 'Sunday', '23:30', 'Month first' from users limit 1
          returning id`,
    );
    if (!row) throw new Error('no event');
    const read = await app.inject({ url: `/api/events/${row.id}` });
    expect(read.json<{ event: { endTime: string; durationMinutes: number } }>().event).toMatchObject({
      endTime: '00:30',
      durationMinutes: 60,
    });
    const file = await app.inject({ url: `/api/events/${row.id}/calendar.ics` });
    expect(file.body).toContain('RRULE:FREQ=MONTHLY;BYDAY=1SU');
    expect(file.body).toMatch(/DTSTART;TZID=Europe\/Berlin:(\d{8})T233000\r\n/u);
    expect(file.body).toMatch(/DTEND;TZID=Europe\/Berlin:\d{8}T003000\r\n/u);
  });

  it('refuses an end not after the start, on create and edit; a new start keeps the length', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: owner.headers,
      payload: {
        locationId,
        title: 'Rückwärts',
        dayOfWeek: 'Monday',
        time: '10:00',
        endTime: '09:00',
        repeatPattern: 'Week',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('endTime');
    const id = await createEvent({
      title: 'Turnen',
      dayOfWeek: 'Monday',
      time: '10:00',
      endTime: '10:45',
      repeatPattern: 'Week',
    });
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/api/events/${id}`, headers: owner.headers, payload });
    expect((await patch({ endTime: '09:30' })).statusCode).toBe(400);
    expect((await patch({ end: '11:00' })).statusCode).toBe(400);
    const moved = await patch({ time: '16:00' });
    expect(moved.json<{ event: { endTime: string } }>().event.endTime).toBe('16:45');
    const longer = await patch({ endTime: '18:00' });
    expect(
      longer.json<{ event: { time: string; endTime: string; durationMinutes: number } }>().event,
    ).toMatchObject({
      time: '16:00',
      endTime: '18:00',
      durationMinutes: 120,
    });
  });

  it('names a calendar without control characters too, also one with no event in it (issue 44)', async () => {
    const [row] = await database().query<{ id: string }>(
      sql`insert into locations (name, latitude, longitude, time_zone)
          values (${'Leerer Platz\rX-INJ-CR:1\u2028X-INJ-LS:1'}, 53.85, 10.67, 'Europe/Berlin') returning id`,
    );
    if (!row) throw new Error('no place');
    const calendarOfPlace = async () => {
      const response = await app.inject({ url: `/api/locations/${row.id}/events.ics` });
      expect(response.statusCode, response.body).toBe(200);
      return response.body;
    };
    const clean = (text: string, when: string) => {
      // eslint-disable-next-line no-control-regex -- splitting on control characters is the point
      const lines = text.split(/\r\n|\r|\n|\u000B|\u000C|\u0085|\u2028|\u2029/u);
      expect(
        lines.filter((line) => line.startsWith('X-INJ')),
        when,
      ).toEqual([]);
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(text, when).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/u);
      expect(parse(text).getFirstPropertyValue('x-wr-calname'), when).toBe(
        'Leerer PlatzX-INJ-CR:1 X-INJ-LS:1',
      );
    };
    // No event at all: the calendar is named after the place.
    clean(await calendarOfPlace(), 'no event');
    // Only a private one: the place's calendar is still empty, named after the place.
    const secret = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: owner.headers,
      payload: {
        locationId: row.id,
        title: 'Geheim\rX-INJ-PRIVATE:1',
        description: null,
        dayOfWeek: 'Tuesday',
        time: '15:00',
        repeatPattern: 'Week',
        isPublic: false,
        invitedUserNames: ['Cal_Friend'],
      },
    });
    expect(secret.statusCode, secret.body).toBe(201);
    const onlyPrivate = await calendarOfPlace();
    clean(onlyPrivate, 'only a private event');
    expect(parse(onlyPrivate).getAllSubcomponents('vevent')).toEqual([]);
    // The invited friend's own feed carries it, clean.
    const made = await app.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: friend.headers });
    expect(made.statusCode, made.body).toBe(200);
    const feed = await app.inject({
      url: `/api/calendar-feeds/${made.json<{ token: string }>().token}/my-events.ics`,
    });
    expect(feed.statusCode, feed.body).toBe(200);
    // eslint-disable-next-line no-control-regex -- splitting on control characters is the point
    const lines = feed.body.split(/\r\n|\r|\n|\u000B|\u000C|\u0085|\u2028|\u2029/u);
    expect(lines.filter((line) => line.startsWith('X-INJ'))).toEqual([]);
    const summaries = parse(feed.body)
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    expect(summaries.map((event) => event.summary)).toContain('GeheimX-INJ-PRIVATE:1');
    expect(summaries.map((event) => event.location)).toContain('Leerer PlatzX-INJ-CR:1 X-INJ-LS:1');
  });
});
